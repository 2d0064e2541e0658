"""The rule clauses the engine cites, by ID, with their condensed text.

Generated once from shared/rules/clauses.md (RT, HH) and the English working translation
of the BattleTech seed (BT); the seeds in shared/seeds/ are the authority. Steps that no
clause covers cite IDs of our own, listed in `ENGINE_CLAUSES` (including the BattleTech
facts of shared/rules/facts.md that the Japanese seed page leaves to the rest of the
Battlefield Support document: Air Cover, artillery scatter and area of effect).
"""

from engine.words import DEFAULT_LANG, Lang, battletech, heresy, robotech

CLAUSES: dict[str, str] = {
    'RT-1': (
        'Roll to Strike for a Blast is made against DF 5 (the point of impact).'
    ),
    'RT-2': (
        'Target must be a structure or an enemy mecha, within range and LOS of the attacker; '
        'never a spot on the ground — unless the weapon also has Indirect Fire.'
    ),
    'RT-3': (
        'Indirect Fire Blast: any point within range (ground included) that is in LOS of ANY '
        'friendly mecha or of the attacker.'
    ),
    'RT-4': (
        'Illegal if any friendly mecha would be under the template, unless those mecha have '
        'Life is Cheap.'
    ),
    'RT-5': (
        'Hit: 5" diameter template centred on the target. Primary target takes FULL MD if the '
        'Strike roll also >= its own DF. Every other mecha/building/structure under the '
        'template (even clipped by the edge) takes HALF MD, rounded down.'
    ),
    'RT-6': (
        'Every mecha under the template may Dodge: costs 1 Command Point each, must equal or '
        "beat the attacker's Strike roll."
    ),
    'RT-7': (
        'Each hit mecha may Roll with Impact to reduce the MD before it is applied.'
    ),
    'RT-8': (
        'Structures take full (primary) or half (others) MD, with no reduction.'
    ),
    'RT-9': (
        'A mecha or structure whose DF is higher than the Strike roll takes NO damage.'
    ),
    'RT-10': (
        'A successful Dodge never scatters the template: the blast still lands; only failing '
        'the DF 5 Strike scatters.'
    ),
    'RT-11': (
        'Blast + Missile: ANY number of mecha under the template may try to shoot it down '
        '(normal CP cost each); even with Anti-Missile only a 6 succeeds. A success destroys '
        'all Blast Missiles that would hit that mecha and NO mecha is damaged by those '
        'missiles. In a volley divided between targets, missiles that would not hit that '
        'mecha remain unless others shoot them down.'
    ),
    'RT-12': (
        'Miss (Strike < 5): scatter. Template centred on the original target, direction "1" '
        'pointing straight away from the firer; D6 picks the numbered direction on the '
        'template; 2D6 inches of movement of the centre hole. New point of impact.'
    ),
    'RT-13': (
        "The scatter distance is capped at the attacker's range to the target."
    ),
    'RT-14': (
        'New Strike roll after scatter: D6+1 (no GN). Every mecha/structure under the new '
        'location whose DF <= that roll takes HALF damage (rounded down).'
    ),
    'RT-15': (
        'After scatter: mecha may Dodge (must equal or beat the new Strike roll); those that '
        'fail or decline may Roll with Impact, which halves the damage (rounded down). DF > '
        'new Strike roll: no damage.'
    ),
    'RT-16': (
        'No second scatter; if the new roll reaches no DF under the template it is a dud. '
        'Friendly and enemy mecha alike can be hit. A scattered missile can be shot down as '
        'in RT-11.'
    ),
    'RT-17': (
        'Blast + Volley: each missile rolls to Strike (DF 5) separately. Each hitting '
        'missile: full MD to its primary target, half (rounded down) to all others under its '
        'own template.'
    ),
    'RT-18': (
        'A mecha hit by up to 3 missiles of a volley may Dodge them all with one roll (1 CP), '
        'which must equal or beat the HIGHEST Strike roll among the missiles aimed at it. 4 '
        'missiles from the same volley on one mecha are Inescapable for it (no Dodge).'
    ),
    'RT-19': (
        'One Roll with Impact per mecha per volley.'
    ),
    'RT-20': (
        'Missiles that miss scatter separately — unless the whole volley misses: then ONE '
        'template scatters, dealing the full MD of ONE missile.'
    ),
    'RT-21': (
        'A volley divided between several targets: one Blast template per missile; misses '
        'scatter separately.'
    ),
    'RT-22': (
        'As always, DF higher than the Strike roll: no damage.'
    ),
    'HH-1': (
        'Blast weapons do not roll To Hit. Pick one enemy model visible to the firer; place '
        'the 3" marker with its hole entirely over that model\'s base (hull for Vehicles).'
    ),
    'HH-2': (
        "The centre hole must be within the weapon's Maximum Range."
    ),
    'HH-3': (
        "The marker may not be placed with any friendly model's base or hull even partially "
        'under it.'
    ),
    'HH-4': (
        "Scatter: roll the scatter dice and 2D6; distance = 2D6 minus firer's BS, minimum 0."
    ),
    'HH-5': (
        'After scatter the marker may lie beyond Maximum/Minimum Range and out of LOS: hits '
        'are worked out as normal (own units and models locked in combat included).'
    ),
    'HH-6': (
        'If the centre hole ends beyond the battlefield edge, the shot is a complete miss.'
    ),
    'HH-7': (
        'Each unit suffers one Hit per model fully or partially under the final marker, LOS '
        'notwithstanding.'
    ),
    'HH-8': (
        'Roll To Wound and Save as normal; wounds from a Blast may be allocated to any model '
        'in the target unit, even out of sight.'
    ),
    'HH-9': (
        'Multiple Blasts: scatter each shot one at a time, count Hits per marker, then total '
        'the Hits and roll all To Wound rolls together.'
    ),
    'HH-10': (
        'Re-rolls: a model that may fully re-roll To Hit and chooses to, re-rolls BOTH the '
        'scatter dice and the 2D6. Re-rolls of specific values (e.g. re-roll 1s) do not apply '
        'to blasts.'
    ),
    'HH-11': (
        'Blast weapons cannot fire Snap Shots.'
    ),
    'HH-12': (
        'Large Blast 5", Massive Blast 7", Apocalyptic Blast 10" markers; otherwise all Blast '
        'rules.'
    ),
    'HH-13': (
        'Apocalyptic Mega-blast: Apocalyptic marker split into inner / middle / outer zones '
        '(5"/7"/10"), each with its own Strength and AP; a model straddling zones uses the '
        'best; Hits per zone are worked out separately with a separate Wound Pool per zone.'
    ),
    'HH-14': (
        'Mega-blast: cover saves and wound allocation as if the shot came from the centre of '
        'the marker, not the firer.'
    ),
    'HH-15': (
        'Mega-blast hits on Vehicles are always resolved against Side Armour.'
    ),
    'HH-16': (
        'Breaching (X): each To Wound roll >= X is resolved at AP 2. No effect on models '
        'without Wounds (Vehicles).'
    ),
    'HH-17': (
        "Breaching + Gets Hot: the Gets Hot wound on the firer always uses the weapon's base "
        'AP.'
    ),
    'HH-18': (
        'Gets Hot (weapons that roll To Hit): each unmodified To Hit 1 gives the firer one '
        "Wound at the weapon's AP (armour, invulnerable and Feel No Pain allowed; no cover, "
        'no Shrouded); not allocatable to other models. A Vehicle instead rolls D6 per 1: on '
        '1-2 it suffers a Glancing Hit.'
    ),
    'HH-19': (
        'Gets Hot for weapons that do not roll To Hit (Blasts): roll D6 per shot BEFORE '
        'firing. 2+: fired normally. 1: that shot is not fired and the firer takes the Gets '
        "Hot wound (or the Vehicle's D6, Glancing on 1-2)."
    ),
    'HH-20': (
        'Gets Hot and re-rolls: a model able to re-roll To Hit (BS 6+ or Twin-linked '
        'included) suffers the wound only if the re-roll is also a 1, and may re-roll the '
        'Gets Hot 1s of weapons that do not roll To Hit.'
    ),
    'BT-GEN.1': (
        'Air strikes may be used in the Weapon Attack Phase.'
    ),
    'BT-GEN.2': (
        'A player who wants to use one or more air strikes must declare it during the attack- '
        'declaration part of the Weapon Attack Phase of the turn of use, naming the support '
        'chosen. A player who bought several copies of the same support need not reveal how '
        'many unused copies remain.'
    ),
    'BT-GEN.3': (
        'The player declares the target hex of the strike; for strafing the player must '
        'designate several hexes (see Strafing, p.13).'
    ),
    'BT-GEN.4': (
        'Every use must be announced at attack declaration, but the strike itself may be '
        'carried out at any time during the Weapon Attack Phase. Each player may make at most '
        '3 air strikes per turn (minefields, Bluff and air defence do not count). An '
        'artillery attack counts in the turn it is fired, not the turn it lands.'
    ),
    'BT-RULE.1': (
        "Assets: the air-strike rules are written for 'Mechs; where Assets (vehicles, "
        "infantry and other non-'Mech units) are used they apply to them too."
    ),
    'BT-RULE.2': (
        'Attack direction: when a strike succeeds, roll 1D6. On 1-4 every damage group of '
        'that attack hits the FRONT; on 5-6 they all hit the REAR. Artillery, scatter and '
        'minefields are exceptions (below).'
    ),
    'BT-RULE.3': (
        'Damage groupings: on a success every damage group is applied, each with its own hit- '
        'location roll. Every damage group listed on the Battlefield Support table is 5 '
        'damage. Example: Heavy Bombing has 5 groups, so 5 x 5 = 25 damage in all.'
    ),
    'BT-RULE.4': (
        'Target number: no modifier applies to the target numbers on the Battlefield Support '
        "table. Roll 2D6 and compare with the strike's target number: equal or higher "
        'succeeds.'
    ),
    'BT-RULE.5': (
        'Water: a target fully submerged in water cannot be the target of an air strike. A '
        'bombing or artillery attack that scatters onto a submerged target, or would damage '
        "such a target, is ignored. A 'Mech standing in depth-1 water takes the damage on the "
        'PUNCH hit location table (after the usual 1D6 roll for attack direction).'
    ),
    'BT-RULE.6': (
        'Weapon type: most record sheets list weapon types, which standard AGOAC play does '
        'not use. Many strikes have type AE ("area effect", TW p.113 / BMM p.96). Without '
        'those rulebooks the weapon type may be ignored, except for the extra damage AE '
        'weapons do to infantry (p.7, Damage to Assets).'
    ),
    'BT-HIDDEN.1': (
        'All players must agree to use this rule before buying Battlefield Support Points '
        '(BSP).'
    ),
    'BT-HIDDEN.2': (
        'Standard rule: a player reveals every offensive aerospace card to be used this turn; '
        'then the opponent picks defensive aerospace cards (if any) and plays them against '
        'the revealed offensive cards.'
    ),
    'BT-HIDDEN.3': (
        'With this rule: the player lays every offensive aerospace card for the turn face '
        'down. The opponent then chooses defensive cards and lays each face down next to the '
        'hidden offensive card it targets. When all are placed, everything is revealed and '
        'the normal rules apply.'
    ),
    'BT-HIDDEN.4': (
        'Only with this rule may Bluff offensive aerospace cards be bought.'
    ),
    'BT-BOMB.1': (
        'Success: roll separately on the appropriate hit location table for each damage '
        'group.'
    ),
    'BT-BOMB.2': (
        "If the target hex is a building hex with a 'Mech inside, the building and the 'Mech "
        'each take the full damage at the same time.'
    ),
    'BT-BOMB.3': (
        'Failure: the bombing scatters. The margin of failure (MoF) is the difference between '
        'the (modified) target number and the roll. The bomb scatters 1 hex per point of MoF. '
        'Then roll 1D6 and read the scatter diagram (p.14) for the direction; that hex is the '
        "point of impact. A 'Mech in that hex (even a friendly one) is hit automatically. "
        'Damage is applied as above, but the attack direction is taken from the original '
        'target hex (no 1D6 roll for direction as for a normal strike).'
    ),
    'BT-STRAFE.1': (
        'The player designates 1 to 5 contiguous hexes, all in one straight line.'
    ),
    'BT-STRAFE.2': (
        "On resolution, make a separate attack roll against target number 7 for each 'Mech in "
        'any of those hexes.'
    ),
    'BT-STRAFE.3': (
        'Success: a separate hit location roll for each damage group. So with 4 successful '
        'targets, each of the 4 takes an attack of 3 damage groups, and the attacker rolls '
        'hit location for each group (rolling 1D6 first, for each attack, to decide front or '
        'rear).'
    ),
    'BT-STRAFE.4': (
        'Failure: a failed attack in one hex does nothing; attacks in the other hexes are '
        'unaffected.'
    ),
    'BT-ART.1': (
        'Pre-plotted hexes: before deployment, each side secretly chooses 5 hexes of the play '
        'area for each artillery selection (selections may not share hexes). An artillery '
        'attack aimed at one of its own pre-plotted hexes hits automatically: no target- '
        'number roll and no scatter; the attack is announced and damage applied.'
    ),
    'BT-ART.2': (
        'The 5 hexes assume a play area of 4 paper maps (or 2 battlemats, or 1 BFM '
        'battlemat). For every 2 extra maps, add 3 pre-plotted hexes per artillery selection. '
        'Whatever the size of the play area, no more than 5 pre-plotted hexes may be placed '
        'on one map sheet (an area 17 hexes tall by 15 hexes wide). These limits hold however '
        'many artillery selections either side uses.'
    ),
    'BT-ART.3': (
        "Targeting a hex that is not pre-plotted: in any turn's Weapon Attack Phase the "
        'player announces the attack and secretly records the target hex number. The shells '
        "arrive in the NEXT turn's Weapon Attack Phase; only then does the player roll to see "
        'whether the attack hit the target hex.'
    ),
    'BT-ART.4': (
        "Spotting: if a 'Mech spots the target hex (as for indirect fire) both in the turn "
        'the artillery was fired and in the turn it arrives, the artillery gets a -2 target '
        'number modifier. A spotter may spot one hex any number of times (as for indirect '
        "fire) but only once per turn. If the spotter also attacks in that turn's Weapon "
        'Attack Phase while spotting, its own attacks take +1 to their target numbers and the '
        'artillery gets only -1 (instead of -2).'
    ),
    'BT-BLUFF': (
        'Target number: N/A. Not an attack. Each side may hold only one Bluff card per game, '
        'and only when the Hidden aerospace rule is in play. It is laid face down like any '
        'offensive card; when revealed nothing happens, and the Bluff and every defensive '
        'card assigned to it are discarded without effect. No roll is made.'
    ),
    'BT-AIR': (
        'Light Air Strike target number 5; Heavy Air Strike target number 6. Success: roll '
        'separately on the appropriate hit location table for each damage group. Failure: no '
        'effect.'
    ),
    'BT-BOMB': (
        'Light Bombing target number 5; Heavy Bombing target number 7.'
    ),
    'BT-STRAFE': (
        'Strafing target number 7.'
    ),
    'BT-ART': (
        'Base artillery target number: 8.'
    ),
}

ENGINE_CLAUSES: dict[str, str] = {
    "OPT": ("The named readings (options) this resolution used, where the rule texts are "
            "silent or unclear; each can be changed in the scenario's options."),
    "SETUP": "The attack as declared in the scenario.",
    "RESULT": "What the attack did to each unit, in total.",
    "BT-AIRCOVER": (
        "Air Cover (from the full Battlefield Support rules, not the seed page; not certain): "
        "before the attacker rolls, the defender rolls 2D6 against the Air Cover number for "
        "that attack type; success discards the attack."
    ),
    "BT-ART-SCATTER": (
        "Artillery miss (from the full Battlefield Support rules; fairly sure): the shell "
        "scatters 1 hex per point of margin of failure, direction by 1D6 on the scatter "
        "diagram; every unit in the final hex is hit."
    ),
    "BT-SHEET": (
        "Record sheet (optional; record sheets are public data; Total Warfare's "
        "damage, as MegaMek plays it): each group wears the location's armour, then its "
        "internal structure, then transfers inward (arm or leg to side torso, side torso to "
        "centre torso); the head or centre torso destroyed destroys the 'Mech."
    ),
    "BT-ART-AOE": (
        "Artillery area of effect (from the full Battlefield Support rules; fairly sure): "
        "Thumper 3 groups in the target hex, 1 adjacent; Sniper 4 / 2; Long Tom 5 / 3 / 1 at "
        "radius 2. Damage outside the target hex takes its attack direction from the target "
        "hex."
    ),
}


CLAUSES_JA: dict[str, str] = {**robotech.CLAUSES_JA, **heresy.CLAUSES_JA,
                               **battletech.CLAUSES_JA}
"""The clauses (and the engine's own step IDs) in Japanese: BattleTech's in seed 004's own
words, Robotech's and Heresy's translated (engine.words.<system>)."""


def clause_text(clause_id: str, lang: Lang = DEFAULT_LANG) -> str:
    """The condensed text of a clause ID, or of one of the engine's own step IDs, in `lang`
    (English where it has no translation yet)."""
    english = CLAUSES.get(clause_id) or ENGINE_CLAUSES.get(clause_id, "")
    return CLAUSES_JA.get(clause_id, english) if lang == "ja" else english
