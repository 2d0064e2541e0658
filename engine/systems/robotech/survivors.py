"""Exact odds of one unit under a volley whose shooters all declare (RT-11, RT-17 to RT-20):
which missiles survive, by inclusion and exclusion over the missiles, never per key.

When every shooter that can stand under one template with the unit declares its shoot-down
(an ``order`` or the policy best) before any is rolled, a declaring shooter shoots at every
missile over it, and one 6 destroys them all (RT-11). Given where every missile came down,
the declarations D are fixed, and a set T of the missiles over the unit all survive with
probability (5/6) ** |K(T) & D|, K(T) the shooters that may shoot at one of them. The chance
that exactly the set S survives is then the alternating sum over T containing S (Moebius
inversion), so each missile over the unit is folded in three ways: left out of T (+), in T
and counted in what is left (+), in T and not counted (-). The state is (every missile so
far missed, templates over the unit, K, the Impact left, what each shooter's declaration
reads), never which missiles went to which shooter: the Impacts of many keys sum into one.
A missile whose shooters are all in K already is only counted (the other two cancel).

What each shooter's declaration reads is cut down step by step to what can still change it
(`Classes`: two readings are one when, for every sum the missiles still to come can add,
the shooter decides the same), so a crowd's readings stay a few hundred, not one per
multiset of landings. Equal states merge; the signed weights are exact sums of the same
products, and what is left at the end is a probability (up to float rounding, `DUST`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from engine.enumeration import Budget, Distribution
from engine.systems.robotech.shootdowns import SHOT_MISSES, Threat
from engine.systems.robotech.stages import Impact

DUST = 1e-13
"""Sums of signed weights this close to zero are zero (float rounding of exact cancels)."""


class Seen(NamedTuple):
    """One missile seen from the unit: did it miss its Strike (RT-20 applies), the templates
    over the unit, the shooters (by place, as bits) that may shoot at it, its Impact on the
    unit (None: it cannot matter to its defence), and what it reads to each declaring
    shooter over it (place, Threat)."""

    missed: bool
    hits: int
    mask: int
    own: Impact | None
    declared: tuple[tuple[int, Threat], ...]


Threats = tuple[int, ...]
"""What each shooter's declaration reads, by place, each reading by its id (`Ids.reading`)."""
Reads = tuple[tuple[int, int], ...]
"""What one missile adds to each declaring shooter's reading: (place, the reading's id)."""
Settled = tuple[int, Impact | None, bool]
"""(templates over the unit, the Impact left to its defence, did it shoot)."""


Said = dict[tuple[Threat | None, tuple[Threat | None, ...]], tuple[bool, ...]]
"""What one shooter decides on a reading, and on it joined with each sum still to come,
by (reading, those sums)."""


class Rules(NamedTuple):
    """What the fold asks the rules: the sum of two Impacts as the unit's defence reads
    them (`plus`), of two Threats to the shooter at a place (`join`), that shooter's
    decision (`shoots`), and the unit's own place among the shooters (`me`, or None);
    per place, the shooter's decisions already read (`said`: a decision reads the
    shooter alone, so every fold that asks the same shooter may share them)."""

    plus: Callable[[Impact | None, Impact | None], Impact | None]
    join: Callable[[int, Threat | None, Threat], Threat]
    shoots: Callable[[int, Threat | None], bool]
    places: int
    me: int | None
    said: Sequence[Said]


class Classes:
    """Readings of each shooter that no sum still to come can tell apart, one kept for all
    (exact: equal for every later sum, so equal after any next missile too), and the
    shooters that decline whatever comes (`never`: out of K, nothing changes); readings,
    and vectors of them, by their ids in `ids`."""

    def __init__(self, ids: Ids, later: Sequence[tuple[Threat | None, ...]]) -> None:
        self.ids = ids
        self.later = later
        self.kept: list[dict[tuple[bool, ...], int]] = [{} for _ in later]
        self.seen: list[dict[int, tuple[int, int]]] = [{} for _ in later]
        self.reduced: dict[int, tuple[Threats, int]] = {}
        self.joined: dict[tuple[int, int, int], tuple[int, int]] = {}

    def one(self, n: int, r: int) -> tuple[int, int]:
        seen = self.seen[n]
        if r not in seen:
            rules = self.ids.rules
            t = self.ids.readings[r]
            key = (t, self.later[n])
            says = rules.said[n].get(key)
            if says is None:
                says = rules.said[n][key] = tuple(
                    rules.shoots(n, t if x is None else rules.join(n, t, x))
                    for x in self.later[n])
            seen[r] = self.kept[n].setdefault(says, r), 0 if any(says) else 1 << n
        return seen[r]

    def of(self, tid: int) -> tuple[Threats, int]:
        """The readings kept for the vector `tid`, and the shooters (bits) that never
        shoot."""
        if tid not in self.reduced:
            pairs = [self.one(n, r) for n, r in enumerate(self.ids.threats[tid])]
            self.reduced[tid] = tuple(r for r, _ in pairs), sum(b for _, b in pairs)
        return self.reduced[tid]

    def added(self, tid: int, rid: int) -> tuple[int, int]:
        """The id of the kept readings once the vector `tid` has one missile's `Reads`
        (by id, `Ids.reads`) added to its declaring shooters', and the shooters that may
        still shoot (bits) (`of` the others made once for all such missiles)."""
        kept, never = self.of(tid)
        reads = self.ids.reads_of[rid]
        if reads:
            threats = self.ids.threats[tid]
            out = list(kept)
            joined = self.joined
            for n, r in reads:
                key_n = (n, threats[n], r)
                one = joined.get(key_n)
                if one is None:
                    one = joined[key_n] = self.one(n, self.ids.join(n, threats[n], r))
                out[n], bit = one
                never = never & ~(1 << n) | bit
            kept = tuple(out)
        return self.ids.threat(kept), ~never


def sums_to_come(rules: Rules, parts: Sequence[Distribution[Seen]]
                 ) -> list[list[tuple[Threat | None, ...]]]:
    """Per step, per shooter, every Threat the missiles after that step can still add
    (None: nothing), in a fixed order."""
    after: list[set[Threat | None]] = [{None} for _ in range(rules.places)]
    out: list[list[tuple[Threat | None, ...]]] = []
    for part in reversed(parts):
        out.append([tuple(sorted(s, key=repr)) for s in after])
        adds: list[set[Threat | None]] = [{None} for _ in range(rules.places)]
        for seen, _ in part.items():
            for n, t in seen.declared:
                adds[n].add(t)
        after = [{b if a is None else a if b is None else rules.join(n, a, b)
                  for a in adds[n] for b in after[n]} for n in range(rules.places)]
    out.reverse()
    return out


class Ids:
    """Readings and Impacts named by small integers, so that states hash as integers: each
    shooter's Threat (`readings`; 0 is None), their vectors (`threats`), what a missile
    adds to them (`reads_of`), the Impacts left (`lefts`), and the sums between them made
    once (`join`, `plus`), as each shooter's decision on a reading (`decides`) and the
    declarations of a vector after the last missile (`declaring`)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.readings: list[Threat | None] = [None]
        self.reading_id: dict[Threat | None, int] = {None: 0}
        self.threats: list[Threats] = []
        self.threat_id: dict[Threats, int] = {}
        self.reads_of: list[Reads] = []
        self.reads_id: dict[tuple[tuple[int, Threat], ...], int] = {}
        self.lefts: list[Impact | None] = []
        self.left_id: dict[Impact | None, int] = {}
        self.sums: dict[int, dict[int, int]] = {}
        self.joins: dict[tuple[int, int, int], int] = {}
        self.deciding: dict[tuple[int, int], bool] = {}
        self.declaring: dict[int, int] = {}

    def reading(self, t: Threat | None) -> int:
        if t not in self.reading_id:
            self.reading_id[t] = len(self.readings)
            self.readings.append(t)
        return self.reading_id[t]

    def threat(self, threats: Threats) -> int:
        if threats not in self.threat_id:
            self.threat_id[threats] = len(self.threats)
            self.threats.append(threats)
        return self.threat_id[threats]

    def reads(self, declared: tuple[tuple[int, Threat], ...]) -> int:
        """The id of what one missile adds to the declaring shooters' readings."""
        if declared not in self.reads_id:
            self.reads_id[declared] = len(self.reads_of)
            self.reads_of.append(tuple((n, self.reading(t)) for n, t in declared))
        return self.reads_id[declared]

    def left(self, left: Impact | None) -> int:
        if left not in self.left_id:
            self.left_id[left] = len(self.lefts)
            self.lefts.append(left)
        return self.left_id[left]

    def join(self, n: int, a: int, b: int) -> int:
        """The reading of the shooter at place `n`: `a` and `b` summed (`Rules.join`)."""
        key = (n, a, b)
        if key not in self.joins:
            t = self.readings[b]
            assert t is not None  # what a missile adds is never nothing
            self.joins[key] = self.reading(self.rules.join(n, self.readings[a], t))
        return self.joins[key]

    def decides(self, n: int, r: int) -> bool:
        """Does the shooter at place `n` declare on the reading `r` (`Rules.shoots`)?"""
        key = (n, r)
        if key not in self.deciding:
            self.deciding[key] = self.rules.shoots(n, self.readings[r])
        return self.deciding[key]

    def sums_with(self, own: int) -> dict[int, int]:
        """The sums already made of each Impact left (by id) and `own`, by the left's id."""
        return self.sums.setdefault(own, {})

    def plus(self, left: int, own: int) -> int:
        """The Impact left plus `own`, by id (made once: `sums_with`)."""
        sums = self.sums_with(own)
        if left not in sums:
            sums[left] = self.left(self.rules.plus(self.lefts[left], self.lefts[own]))
        return sums[left]


class Packing:
    """A state but its readings as one integer (it hashes and merges faster than a tuple):
    bit 0 every missile so far missed, then K (a bit per shooter's place), then the
    templates over the unit, then the Impact left by its id (`Ids.left`)."""

    def __init__(self, places: int) -> None:
        self.shooters = (1 << places) - 1
        self.hits_at = places + 1
        self.left_at = self.hits_at + HITS_BITS
        self.below_left = (1 << self.left_at) - 1
        self.strip = ~(self.shooters << 1 | 1)
        """The mask that clears a state's missed bit and K."""

    def state(self, missed: bool, hits: int, k: int, left: int) -> int:
        """The packed state of these parts (`parts` reads them back)."""
        return int(missed) | k << 1 | hits << self.hits_at | left << self.left_at

    def parts(self, state: int) -> tuple[bool, int, int, int]:
        """(every missile so far missed, templates, K as bits, Impact left by id)."""
        return (bool(state & 1), state >> self.hits_at & HITS_MASK, state >> 1 & self.shooters,
                state >> self.left_at)

    def settled(self, key: int) -> tuple[int, int, bool]:
        """(templates, Impact left by id, did the unit shoot) of a settled state: a packed
        state with no K (`strip`), its bit 0 saying whether the unit shot (`settled`)."""
        return key >> self.hits_at & HITS_MASK, key >> self.left_at, bool(key & 1)

    def keeping(self, shooters: int, missed: bool = True) -> int:
        """The mask that keeps a state's K within `shooters` (and its missed bit only if
        `missed`), every other part as it is."""
        return ~((~shooters & self.shooters) << 1 | (not missed))


HITS_BITS = 16
"""Bits of a packed state for the templates over the unit (at most the missiles fired and
RT-20's one)."""
HITS_MASK = (1 << HITS_BITS) - 1
Step = dict[int, dict[int, float]]
"""The states of a step, by `Packing`, grouped by their readings' id."""


def folded(ids: Ids, parts: Sequence[Distribution[Seen]], single: Distribution[Seen] | None,
           budget: Budget) -> Distribution[Settled]:
    """The unit's (templates, Impact left, shot) after every missile and the shoot-downs:
    `parts` are the missiles' sights, `single` RT-20's one template (when the rule applies:
    the states where every missile missed are its instead); `ids` name the readings and
    Impacts of the unit's view, and may be shared by every fold of that view (they hold
    nothing of the missiles but what they name)."""
    rules = ids.rules
    pack = Packing(rules.places)
    none = ids.threat((ids.reading(None),) * rules.places)
    start: Step = {none: {pack.state(True, 0, 0, ids.left(None)): 1.0}}
    states = start
    for part, later in zip(parts[:-1], sums_to_come(rules, parts)[:-1], strict=True):
        states = folded_one(ids, pack, states, part, Classes(ids, later), budget)
    final: dict[int, float] = {}
    settled(ids, pack, states, parts[-1], single is not None, final, 1.0, budget)
    if single is not None:
        all_missed = 1.0
        for part in parts:
            all_missed *= part.probability(lambda s: s.missed)
        settled(ids, pack, start, single, False, final, all_missed, budget)
    return Distribution(((hits, ids.lefts[left], shot), p) for (hits, left, shot), p in (
        (pack.settled(key), p) for key, p in final.items() if abs(p) > DUST))


Sight = tuple[bool, int, int, int | None, int, float]
"""A missile's `Seen` by ids: (missed, templates, shooters as bits, own Impact's id, its
`Reads`' id, probability)."""
Effect = tuple[int, int, bool, int, int, int | None]
"""What a sight does to the states of one readings' id: (the readings' id after it, the
shooters that may still shoot, missed, templates, its shooters among those, own Impact)."""


def alike(cls: Classes, tid: int, sights: list[Sight]) -> dict[Effect, float]:
    """The sights that do the same to every state of the readings `tid` as one, their
    chances summed: where the missile came down only matters through what it does (its
    shooters that can no longer shoot are dropped, its readings replaced by their class),
    so the fold's inner loop runs once per effect, not once per landing. Each `Reads` is
    added to `tid` once (a readings' id is folded once per step)."""
    effects: dict[Effect, float] = {}
    nexts: dict[int, tuple[int, int]] = {}
    for missed_s, hits_s, mask, own, rid, pm in sights:
        got = nexts.get(rid)
        if got is None:
            got = nexts[rid] = cls.added(tid, rid)
        t2, keep = got
        key = (t2, keep, missed_s, hits_s, 0 if own is None else mask & keep, own)
        effects[key] = effects.get(key, 0.0) + pm
    return effects


def folded_one(ids: Ids, pack: Packing, states: Step, part: Distribution[Seen],
               cls: Classes, budget: Budget) -> Step:
    """One missile added to every state, in the three ways (or one) of inclusion and
    exclusion, then each reading replaced by the one kept for its class (`Classes`) and the
    shooters that can no longer shoot taken out of K; the missile's sights that do the same
    to a readings' states are added once (`alike`). It spends a step per state and sight,
    as it did before `alike`, so the budget stops an attack where it always did."""
    sights: list[Sight] = [(s.missed, s.hits, s.mask, None if s.own is None
                            else ids.left(s.own), ids.reads(s.declared), p)
                           for s, p in part.items()]
    held = sum(len(g) for g in states.values())
    budget.check(held, held * len(sights))
    out: Step = {}
    left_at, below_left = pack.left_at, pack.below_left
    for tid, group in states.items():
        for (t2, keep, missed_s, hits_s, mask, own), pm in alike(cls, tid, sights).items():
            into = out.setdefault(t2, {})
            get = into.get
            kept = pack.keeping(keep, missed_s)
            more = hits_s << pack.hits_at
            if own is None:
                for state, ps in group.items():
                    nxt = (state & kept) + more
                    into[nxt] = get(nxt, 0.0) + ps * pm
                continue
            sums = ids.sums_with(own)
            mask <<= 1
            for state, ps in group.items():
                p = ps * pm
                narrow = (state & kept) + more
                wide = narrow | mask
                left = state >> left_at
                summed = sums.get(left)
                if summed is None:
                    summed = ids.plus(left, own)
                counted = wide & below_left | summed << left_at
                into[counted] = get(counted, 0.0) + p
                if wide != narrow:
                    into[narrow] = get(narrow, 0.0) + p
                    into[wide] = get(wide, 0.0) - p
    budget.check(sum(len(g) for g in out.values()))
    return out


def settled(ids: Ids, pack: Packing, states: Step, part: Distribution[Seen], whole: bool,
            final: dict[int, float], weight: float, budget: Budget) -> None:
    """The last missile (`part`) added to every state and the shoot-downs settled at once:
    the declarations read from the final Threats (`declared`), each way of the missile
    weighed by the chance that none of K's declaring shooters rolls its 6 (RT-11), and
    summed into `final` by what the unit's defence reads (templates, the Impact left by its
    id, did it shoot), packed as one integer (`Packing.settled`), never held as states.
    Only K's declaring shooters count, so for each set of them the states are summed by K's
    part in it, and so are the missile's sights (the two ways that leave the Impact as it
    was, in T but not counted and left out of T, are one sum of their weights, nothing when
    they add no declaring shooter to K). The states where every missile missed are left
    out when RT-20 gives them the one template (`whole`). It spends the steps of
    `folded_one`'s loop."""
    sights = [(s.missed, s.hits, s.mask, None if s.own is None else ids.left(s.own),
               ids.reads(s.declared), p * weight) for s, p in part.items()]
    held = sum(len(g) for g in states.values())
    budget.check(held, held * len(sights))
    misses = [SHOT_MISSES ** n for n in range(ids.rules.places + 1)]
    me = ids.rules.me
    get = final.get
    left_at, below_left, every, strip = pack.left_at, pack.below_left, pack.shooters, pack.strip
    for tid, group in states.items():
        by_declared: dict[int, dict[tuple[bool, int, int, int | None], float]] = {}
        by_reads: dict[int, int] = {}
        for missed_s, hits_s, mask, own, rid, pm in sights:
            shooting = by_reads.get(rid)
            if shooting is None:
                shooting = by_reads[rid] = declared(ids, tid, rid)
            bucket = by_declared.setdefault(shooting, {})
            key = (missed_s, hits_s, mask & shooting, own)
            bucket[key] = bucket.get(key, 0.0) + pm
        for shooting, bucket in by_declared.items():
            shot = int(me is not None and bool(shooting >> me & 1))
            summed_states: dict[int, float] = {}
            kept = pack.keeping(shooting)
            for state, ps in group.items():
                rest = state & kept
                summed_states[rest] = summed_states.get(rest, 0.0) + ps
            rows = [(rest & 1, rest & strip | shot, k, rest >> left_at, ps, misses[k.bit_count()])
                    for rest, k, ps in ((rest, rest >> 1 & every, ps)
                                        for rest, ps in summed_states.items())]
            for (missed_s, hits_s, mask, own), pm in bucket.items():
                more = hits_s << pack.hits_at
                if own is None:
                    for missed, base, _, _, ps, narrow in rows:
                        if not (whole and missed and missed_s):
                            o = base + more
                            final[o] = get(o, 0.0) + ps * pm * narrow
                    continue
                sums = ids.sums_with(own)
                for missed, base, k, left, ps, narrow in rows:
                    if whole and missed and missed_s:
                        continue
                    p = ps * pm
                    same = base + more
                    summed = sums.get(left)
                    if summed is None:
                        summed = ids.plus(left, own)
                    wide = misses[(k | mask).bit_count()]
                    counted = same & below_left | summed << left_at
                    final[counted] = get(counted, 0.0) + p * wide
                    if narrow != wide:
                        final[same] = get(same, 0.0) + p * (narrow - wide)


def declared(ids: Ids, tid: int, rid: int) -> int:
    """RT-11: the shooters (bits) that declare once the readings `tid` have one missile's
    `Reads` (`rid`) added (each shooter's decision made once per reading: `Ids.decides`)."""
    threats = ids.threats[tid]
    bits = ids.declaring.get(tid)
    if bits is None:
        bits = ids.declaring[tid] = sum(1 << n for n, r in enumerate(threats)
                                        if ids.decides(n, r))
    for n, r in ids.reads_of[rid]:
        if ids.decides(n, ids.join(n, threats[n], r)):
            bits |= 1 << n
        else:
            bits &= ~(1 << n)
    return bits
