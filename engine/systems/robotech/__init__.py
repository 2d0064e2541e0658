"""Robotech RPG Tactics: the errata Blast rule (seed 000_4020f9c05cfd80ff.txt, RT-1 to RT-22).

The rule in modules named for its parts, in the order of the seed:

- `legality`: `prepare` checks legality before any roll (RT-2, RT-3, RT-4) and aims every
  missile;
- `strikes`: `strike` is the Roll to Strike against the point of impact, DF 5 (RT-1,
  RT-17); `direct_hit` places the template on the target: full MD to the primary target,
  half to everything else under it, nothing where DF > the roll (RT-5, RT-8, RT-9, RT-22);
- `scatter`: `scatter` moves a missed template (RT-12, RT-13) and `scattered_hit` rolls the
  new Strike D6+1 for half damage, or a dud (RT-14, RT-15, RT-16);
- `volleys`: `land` puts one missile down (hit or scatter); `land_volley` applies the
  whole-volley miss (`land_whole_miss`, RT-20) and split volleys (RT-21);
- `shootdowns`: `shoot_down` lets mecha shoot the Blast Missiles down (RT-11, RT-16);
- `defence`: `defend` is one unit's Dodge and Roll with Impact against what is left (RT-6,
  RT-7, RT-8, RT-10, RT-15, RT-18, RT-19);
- `attack`: `play` chains them with real dice, and says what the attack did (`harm`,
  `effects`); `stages` holds what the stages pass on, `words` how the log names things.

`odds.marginals` composes the very same functions into exact per-unit odds (the rules
never import it), and this module names what `engine.systems` asks of a system.

Readings of facts.md (M) and of our own (L), each an option in ``options``:

- ``natural_rolls`` (default false): totals everywhere, both halves alike. The Roll to
  Strike against DF 5: "Only failing the initial roll to Strike against a DF of 5 will
  cause the Blast template to scatter", so a natural 1 whose total reaches 5 hits; the
  Dodge "must equal or exceed" the Strike, so a natural 6 short of it fails; the damage
  (RT-9, RT-22) compares totals, as the seed says three times. "strike-and-dodge":
  facts.md's general rule (natural 6 always succeeds, natural 1 always fails) on both
  rolls, the first Strike and the Dodge, damage by totals. "point-of-impact": on the first
  Strike only (the former default, one-sided). ``true``, the older reading: natural 6 and 1
  also decide every DF.
- ``dodge_adds_pil`` (default true): Dodge = D6 + PIL (false: a bare D6).
- ``template_winding`` (default "clockwise"): how the template's numbers 1-6 run, seen
  from above; "1" points straight away from the firer, the others 60 degrees apart.
- ``split_volley_miss`` (default "separate"): when every missile of a volley DIVIDED
  between targets misses, each still scatters on its own (RT-21); "single": the
  whole-volley rule (RT-20) applies to it too, one template scattering from the first
  target.
- ``volley_miss_damage`` (default "full"): the one template of a whole-volley miss (RT-20)
  "only inflicts the full MD of one missile". The seed says "full", a word it always sets
  against "half" (full to the primary target, half to the others), and "only" limits the
  damage to ONE missile instead of the volley's: so everything its new Strike reaches
  takes one missile's MD, unhalved. "half": that MD halved like any scattered blast
  (RT-14, "as above"), so missing with every missile never hurts more than with one.
- ``impact_halves`` (default "volley"): the one Roll with Impact of a volley (RT-19) halves
  the volley's total damage on that mecha (rounded down, at least ``impact_minimum``);
  "missile": it halves each missile's damage (each rounded down, at least that).
- ``shoot_down_by`` (default "under-template"): RT-11's "ANY number of mecha under the
  Blast template" may shoot, a mecha its DF protects included; "would-damage": only a
  mecha the missile would damage, and only at those missiles.
- ``shoot_for_others`` (default true): a mecha shoots at missiles that would damage only
  other units of its side; false: only when they would damage it.
- ``inescapable_count`` (default "under-template"): RT-18's "If 4 missiles from the same
  volley hit any given mecha" reads "hit" as RT-11 does: every missile whose template is
  over the mecha (still flying after the shoot-downs) counts, whether or not its Strike
  reaches the DF; "would-damage": only the missiles whose Strike reaches it.
- ``impact_minimum`` (default 1): a Roll with Impact halves the damage, rounded down, never
  below 1 (facts.md, M); 0: "reduce the damage by half (rounded down)" (RT-15) as written,
  so a single point becomes none.
- ``line_of_sight`` (default "bases"): the game's FAQ, "anything but mecha of the same
  squadron blocks": terrain and the base of every unit but the looker, its target and
  mecha of the looker's ``squadron`` block a line of sight; "terrain": terrain alone.
- ``command_points`` (default "side"): in the game a player's pool of Command Points is
  the number of his mecha on the table plus their total Leadership, spent by any of them:
  a side's pool is ``attack.cp``'s or so computed (`legality.pool_of`), paid from in the
  rule's order (shoot-downs in unit order, then each unit's Dodge and Roll with Impact);
  "mecha": each mecha spends its own ``cp``.
- ``shoot_and_dodge`` (default false): the Quick Start's list of Command Point uses reads
  "Dodge OR shoot down": a mecha that tried to shoot the missiles down may not also Dodge
  them (a Roll with Impact stays open); true: it may try both.

Fixed readings (facts.md, M or H), documented here rather than made options:

- Strike = D6 + GN + ``attack.strike_modifier``; missiles at a secondary target of a split
  volley take -3. The new Strike after a scatter is D6 + 1 and nothing else ("just add
  +1", RT-14). A Dodge adds the unit's ``dodge_modifier``. The first id of
  ``attack.targets`` is the primary target.
- Ranges (RT-2, RT-3, the RT-13 cap) are measured between the closest points of the bases
  (to the point itself for a ground shot). Line of sight runs centre to centre and is
  blocked by any ``terrain`` feature it touches (a segment or a polygon) and by the bases
  the option ``line_of_sight`` names.
- Command Points (from the unit's purse: its side's pool or its own, ``command_points``):
  a Dodge, a shoot-down and a Roll with Impact cost 1 each (a mecha with
  ``anti_missile`` shoots down for free, so even a Life is Cheap one may); Life is Cheap
  mecha have none. A scattered missile "that would hit" a mecha (RT-16) is read as RT-11:
  a missile "hits" every unit under its template, whose DF only decides the damage
  (RT-9), and so does RT-18's count (``inescapable_count``); a success destroys every
  missile the shooter shot at. A unit's ``hits`` count the templates that came down over
  it (p_hit: "under a template").
- Reactions come in the rule's order: shoot-downs, rolled in unit order, then each unit's
  Dodge, then its Roll with Impact. A mecha following today's booleans decides its
  shoot-down when its turn comes, seeing which missiles over it are still in the air (as
  the engine always did); mecha with an ``order`` or the policy best declare theirs
  together before any is rolled, each seeing every missile over it. Each
  mecha follows its ``reactions`` (`Reactions`): allowed reactions by priority and
  Command Points kept, or the policy ``best``. Under any of them a mecha never spends a
  point that cannot change anything: no shoot-down of missiles that would damage no one
  it protects (``shoot_for_others``), no Dodge that cannot succeed, no Roll with Impact
  that would not lower the damage.
- A side never reacts against its own attack: a mecha of the attacker's side neither shoots
  its side's missiles down nor spends CP against them, unless ``attack.reactions`` gives it
  an entry by its id (`stages.reactions_in`).
- Policy ``best``: a mecha compares its own expected damage. It shoots down when that
  lowers its expected damage (it counts on no other mecha's shot, and defends as best it
  can after), or when it costs it nothing in expectation and protects another unit of its
  side; it dodges when the expected damage after the Dodge (and the Roll with Impact left
  to it) is lower than not dodging; it rolls with impact whenever that lowers the damage.
- Destroyed: a unit with ``mdc`` is destroyed when the attack's damage reaches its MDC.
- A template may scatter partly or wholly off the table; it hits whatever is under it.
"""

from __future__ import annotations

from engine.systems.robotech.attack import effects, harm, play, run
from engine.systems.robotech.bounds import bound, ceiling
from engine.systems.robotech.legality import prepare, range_lines
from engine.systems.robotech.odds import landing, marginals, unit_blocks

__all__ = ["bound", "ceiling", "effects", "harm", "landing", "marginals", "play", "prepare",
           "range_lines", "run", "unit_blocks"]
