"""Messages of the Heresy / 40K 7th Blast rules' log (engine.systems.heresy), and the HH clauses in Japanese.

Japanese uses the words of the Japanese rulebook, one term per concept: ブラスト（ラージ
ブラスト、マッシヴブラスト、アポカリプティック・ブラスト、アポカリプティック・メガブラスト）,
スキャッター, ヒット, 命中ロール, ウーンズ（ウーンズロール、ウーンズプール）, セーヴィングスロー,
アーマーセーヴ, カバーセーヴ, フィール・ノー・ペイン, インスタントデス, 除去, ビークル, 車体,
ベース, グランシングヒット, ペネトレイティングヒット, ハルポイント, 撃破, 筋力 (S), 耐久力 (T),
ゲッツホット, ブリーチング, スナップショット, 射撃モデル (the firer), 「N発目」 (shot N).
"""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {
    # -- joining words ------------------------------------------------------------------------
    "hh.and": {"en": "{first} and {rest}", "ja": "{first}と{rest}"},
    "hh.three": {"en": "{first}, {second} and {third}", "ja": "{first}、{second}、{third}"},
    "hh.then": {"en": "{first}; {rest}", "ja": "{first}。{rest}"},
    "hh.also": {"en": "{first}; {rest}", "ja": "{first}、{rest}"},
    # -- the weapon, the marker and its zones (HH-12, HH-13) ---------------------------------
    "hh.kind.blast": {"en": "Blast", "ja": "ブラスト"},
    "hh.kind.large": {"en": "Large Blast", "ja": "ラージブラスト"},
    "hh.kind.massive": {"en": "Massive Blast", "ja": "マッシヴブラスト"},
    "hh.kind.apocalyptic": {"en": "Apocalyptic Blast", "ja": "アポカリプティック・ブラスト"},
    "hh.kind.mega": {"en": "Apocalyptic Mega-blast", "ja": "アポカリプティック・メガブラスト"},
    "hh.zone.inner": {"en": "inner", "ja": "内側"},
    "hh.zone.middle": {"en": "middle", "ja": "中間"},
    "hh.zone.outer": {"en": "outer", "ja": "外側"},
    "hh.part.base": {"en": "base", "ja": "ベース"},
    "hh.part.hull": {"en": "hull", "ja": "車体"},
    "hh.facing.front": {"en": "front", "ja": "前面"},
    "hh.facing.side": {"en": "side", "ja": "側面"},
    "hh.facing.rear": {"en": "rear", "ja": "後部"},
    # -- the attack as declared (SETUP, HH-1 to HH-3, HH-12, HH-13) --------------------------
    "hh.setup": {
        "en": {"one": "{firer} (BS {bs}) fires {weapon} ({kind}, {n} shot) at {targets}. "
                      "Blast weapons do not roll To Hit.",
               "other": "{firer} (BS {bs}) fires {weapon} ({kind}, {n} shots) at {targets}. "
                        "Blast weapons do not roll To Hit."},
        "ja": "{firer}（BS {bs}）が{weapon}（{kind}、{n}発）で{targets}を射撃する。"
              "ブラスト武器は命中ロールを行わない。"},
    "hh.place": {
        "en": "{firer} can see {target} and places the {size:g}\" marker with its hole over "
              "{target}'s {part} at ({x:.2f}, {y:.2f}).",
        "ja": "{firer}は{target}を視認できる。{size:g}インチのマーカーを（{x:.2f}, {y:.2f}）に"
              "置き、穴を{target}の{part}の上に重ねる。"},
    "hh.place.shot": {
        "en": "For shot {shot}, {firer} can see {target} and places the {size:g}\" marker with "
              "its hole over {target}'s {part} at ({x:.2f}, {y:.2f}).",
        "ja": "{shot}発目：{firer}は{target}を視認できる。{size:g}インチのマーカーを"
              "（{x:.2f}, {y:.2f}）に置き、穴を{target}の{part}の上に重ねる。"},
    "hh.range": {
        "en": "The hole is {reach:.2f}\" from {firer}: within the {max_range:g}\" maximum range.",
        "ja": "穴は{firer}から{reach:.2f}インチ：最大射程{max_range:g}インチ以内。"},
    "hh.range.min": {
        "en": "The hole is {reach:.2f}\" from {firer}: within the {max_range:g}\" maximum range "
              "and outside the {min_range:g}\" minimum range.",
        "ja": "穴は{firer}から{reach:.2f}インチ：最大射程{max_range:g}インチ以内で、"
              "最小射程{min_range:g}インチより外。"},
    "hh.no_friendly": {"en": "No friendly model is under the marker, not even partly.",
                       "ja": "マーカーの下には、一部であっても味方モデルはいない。"},
    "hh.zone.profile": {"en": "{zone} {size:.3g}\" S{s} AP{ap}",
                        "ja": "{zone} {size:.3g}インチ S{s} AP{ap}"},
    "hh.mega_zones": {
        "en": "Apocalyptic Mega-blast: the 10\" marker has three zones ({zones}).",
        "ja": "アポカリプティック・メガブラスト：10インチのマーカーには3つのゾーンがある"
              "（{zones}）。"},
    "hh.bigger_marker": {
        "en": "{kind}: the {size:g}\" marker; otherwise every Blast rule applies.",
        "ja": "{kind}：{size:g}インチのマーカーを使う。それ以外はブラストのルールがすべて"
              "適用される。"},
    # -- why an attack is refused (HH-1 to HH-3, HH-5, HH-11) --------------------------------
    "hh.fault.base": {"en": "the hole must lie entirely over the base of {model}",
                      "ja": "穴は{model}のベースの上に完全に収まらなければならない"},
    "hh.fault.hull": {"en": "the hole must lie entirely over the hull of {model}",
                      "ja": "穴は{model}の車体の上に完全に収まらなければならない"},
    "hh.fault.max_range": {
        "en": "the hole is {reach}\" away, beyond the {max_range:g}\" maximum range",
        "ja": "穴までの距離は{reach}インチで、最大射程{max_range:g}インチを超えている"},
    "hh.fault.min_range": {
        "en": "the hole is {reach}\" away, inside the weapon's {min_range:g}\" minimum range: "
              "only a scatter may end there",
        "ja": "穴までの距離は{reach}インチで、武器の最小射程{min_range:g}インチより内側にある："
              "そこに来てよいのはスキャッターの結果だけ"},
    "hh.fault.friendly": {"en": "friendly model {model} would be under the marker",
                          "ja": "味方モデル{model}がマーカーの下に入ってしまう"},
    "hh.fault.snap_shot": {"en": "Blast weapons cannot be fired as Snap Shots",
                           "ja": "ブラスト武器はスナップショットで射撃できない"},
    "hh.fault.not_enemy": {"en": "the target {target} is not an enemy of {firer}",
                           "ja": "目標の{target}は{firer}の敵ではない"},
    "hh.fault.unseen": {"en": "{firer} cannot see {target}: terrain blocks every line of sight",
                        "ja": "{firer}は{target}を視認できない：視線がすべて地形に遮られている"},
    "hh.fault.shot": {"en": "shot {shot}: {reason}", "ja": "{shot}発目：{reason}"},
    "hh.fault.no_aim": {
        "en": "no position of the hole over {target} is legal: in range, with no friendly "
              "model under the marker (HH-2, HH-3)",
        "ja": "{target}の上に穴を置ける正しい位置がない（射程内で、マーカーの下に味方モデルが"
              "いない位置。HH-2、HH-3）"},
    # -- Gets Hot (HH-17 to HH-20) -----------------------------------------------------------
    "hh.label.gets_hot": {"en": "Gets Hot shot {shot}", "ja": "ゲッツホット {shot}発目"},
    "hh.label.gets_hot_reroll": {"en": "Gets Hot re-roll shot {shot}",
                                 "ja": "ゲッツホットの振り直し {shot}発目"},
    "hh.label.gets_hot_vehicle": {"en": "Gets Hot vehicle {vehicle}",
                                  "ja": "ゲッツホット ビークル {vehicle}"},
    "hh.gets_hot.one": {"en": "Shot {shot}: the Gets Hot D6 rolls a 1.",
                        "ja": "{shot}発目：ゲッツホットのD6で1が出た。"},
    "hh.gets_hot.reroll": {"en": "The firer may re-roll To Hit, so it re-rolls the 1: {roll}.",
                           "ja": "射撃モデルは命中ロールを振り直せるので、1を振り直す：{roll}。"},
    "hh.gets_hot.fired": {"en": "Shot {shot}: the Gets Hot D6 rolls {roll}: the shot is fired.",
                          "ja": "{shot}発目：ゲッツホットのD6は{roll}：射撃は行われる。"},
    "hh.gets_hot.not_fired": {
        "en": "Shot {shot} Gets Hot on a 1: the shot is not fired; {what}.",
        "ja": "{shot}発目は1の目でゲッツホット：その射撃は行われない。{what}。"},
    "hh.gets_hot.vehicle": {"en": "a vehicle rolls a D6 instead (as HH-18 says): {event}",
                            "ja": "ビークルは代わりにD6を振る（HH-18のとおり）：{event}"},
    "hh.gets_hot.wound": {
        "en": "{firer} suffers a Wound at the weapon's own AP {ap}, no cover save "
              "(the Gets Hot wound of HH-18): {event}",
        "ja": "{firer}は武器本来のAP {ap}でウーンズを1受け、カバーセーヴはできない"
              "（HH-18のゲッツホットのウーンズ）：{event}"},
    "hh.gets_hot.wound_breaching": {
        "en": "{firer} suffers a Wound at the weapon's own AP {ap} (not Breaching's AP 2), "
              "no cover save (the Gets Hot wound of HH-18): {event}",
        "ja": "{firer}は武器本来のAP {ap}（ブリーチングのAP 2ではない）でウーンズを1受け、"
              "カバーセーヴはできない（HH-18のゲッツホットのウーンズ）：{event}"},
    "hh.gets_hot.removed": {"en": "{firer} is removed by its own Gets Hot: {unfired}.",
                            "ja": "{firer}は自らのゲッツホットで除去された：{unfired}。"},
    "hh.gets_hot.wrecked": {"en": "{firer} is wrecked by its own Gets Hot: {unfired}.",
                            "ja": "{firer}は自らのゲッツホットで撃破された：{unfired}。"},
    "hh.unfired.one": {"en": "shot {shot} is not fired", "ja": "{shot}発目は射撃されない"},
    "hh.unfired.range": {"en": "shots {first} to {last} are not fired",
                         "ja": "{first}～{last}発目は射撃されない"},
    # -- scatter (HH-4 to HH-7, HH-9, HH-10, HH-13) ------------------------------------------
    "hh.label.scatter_distance": {"en": "scatter distance shot {shot}",
                                  "ja": "スキャッター距離 {shot}発目"},
    "hh.label.scatter_die": {"en": "scatter die shot {shot}",
                             "ja": "スキャッター・ダイス {shot}発目"},
    "hh.label.shot": {"en": "shot {shot}", "ja": "{shot}発目"},
    "hh.compass.north": {"en": "north", "ja": "北"},
    "hh.compass.north_east": {"en": "north-east", "ja": "北東"},
    "hh.compass.east": {"en": "east", "ja": "東"},
    "hh.compass.south_east": {"en": "south-east", "ja": "南東"},
    "hh.compass.south": {"en": "south", "ja": "南"},
    "hh.compass.south_west": {"en": "south-west", "ja": "南西"},
    "hh.compass.west": {"en": "west", "ja": "西"},
    "hh.compass.north_west": {"en": "north-west", "ja": "北西"},
    "hh.scatter.first": {"en": "scatter", "ja": "スキャッター"},
    "hh.scatter.again": {"en": "re-rolled scatter", "ja": "振り直したスキャッター"},
    "hh.landing.hit": {
        "en": "Shot {shot} {what}: HIT, the marker stays where it was placed.",
        "ja": "{shot}発目の{what}：HIT。マーカーは置いた位置にとどまる。"},
    "hh.landing.still": {
        "en": "Shot {shot} {what}: the arrow points {direction}, but 2D6 {roll} minus BS {bs} "
              "leaves 0\": the marker stays.",
        "ja": "{shot}発目の{what}：矢印は{direction}を指すが、2D6の{roll}からBS {bs}を引くと"
              "0インチ：マーカーは動かない。"},
    "hh.landing.moved": {
        "en": "Shot {shot} {what}: 2D6 {roll} minus BS {bs}: the marker scatters {distance}\" "
              "{direction} ({bearing:.0f} deg).",
        "ja": "{shot}発目の{what}：2D6の{roll}からBS {bs}を引く：マーカーは{direction}へ"
              "{distance}インチ（{bearing:.0f}度）スキャッターする。"},
    "hh.off_table": {"en": "The hole is beyond the table edge: a complete miss.",
                     "ja": "穴がテーブルの端より外に出た：完全に外れる。"},
    "hh.out_of_range": {
        "en": "The hole scattered to {reach}\" from the firer, outside the weapon's range: "
              "Hits are worked out as normal.",
        "ja": "穴は射撃モデルから{reach}インチ、武器の射程の外へスキャッターした："
              "ヒットは通常どおり算出する。"},
    "hh.own_side": {
        "en": "The shot scattered onto the firer's own side ({models}): they are hit as normal.",
        "ja": "射撃は射撃モデル側のモデル（{models}）の上にスキャッターした：それらも通常どおり"
              "ヒットを受ける。"},
    "hh.under": {"en": "Under the marker: {models}.", "ja": "マーカーの下：{models}。"},
    "hh.under.nobody": {"en": "Under the marker: nobody.", "ja": "マーカーの下には誰もいない。"},
    "hh.under.zone": {"en": "{model} ({zone})", "ja": "{model}（{zone}）"},
    "hh.zone.why": {"en": "{zone}: {why}", "ja": "{zone}：{why}"},
    "hh.straddle.innermost": {
        "en": "it straddles the {zones} zones and takes the innermost",
        "ja": "{zones}のゾーンにまたがり、最も内側のゾーンを使う"},
    "hh.straddle.best": {
        "en": "it straddles the {zones} zones and takes the best, S{s} AP{ap}, {why}",
        "ja": "{zones}のゾーンにまたがり、{why}S{s} AP{ap}を最良として使う"},
    "hh.straddle.wounds_more": {"en": "the likelier to cost it a Wound",
                                "ja": "ウーンズを失う可能性がより高い"},
    "hh.straddle.higher_strength": {"en": "the higher Strength", "ja": "筋力がより高い"},
    "hh.reroll": {
        "en": "Full To Hit re-roll, as {why}: both the scatter die and the 2D6 are re-rolled.",
        "ja": "{why}ため、命中ロールを完全に振り直す：スキャッター・ダイスと2D6を両方とも振り直す。"},
    "hh.reroll.best": {
        "en": "a fresh scatter is expected to do better ({fresh:.2f} enemy models hit, less own "
              "ones, against {kept})",
        "ja": "新たなスキャッターのほうが良い結果が期待できる（敵モデルへのヒットから味方への"
              "ヒットを引いて{fresh:.2f}、今のスキャッターは{kept}）"},
    "hh.reroll.target_missed": {"en": "the target is not under the marker",
                                "ja": "目標がマーカーの下にいない"},
    "hh.reroll.missed_or_friendly": {
        "en": "the target is not under the marker, or a friendly is",
        "ja": "目標がマーカーの下にいないか、味方がマーカーの下にいる"},
    "hh.all_scattered": {
        "en": {"one": "All shots scattered: {n} Hit in total; now To Wound.",
               "other": "All shots scattered: {n} Hits in total; now To Wound."},
        "ja": "全射撃のスキャッターが終わった：合計{n}ヒット。次はウーンズロール。"},
    # -- To Wound, Breaching (HH-8, HH-13, HH-16) --------------------------------------------
    "hh.label.to_wound": {"en": "To Wound {unit} ({target}+)",
                          "ja": "ウーンズロール {unit}（{target}+）"},
    "hh.label.to_wound.zone": {"en": "To Wound {unit} ({zone} zone) ({target}+)",
                               "ja": "ウーンズロール {unit}（{zone}ゾーン、{target}+）"},
    "hh.label.to_wound_die": {"en": "To Wound", "ja": "ウーンズロール"},
    "hh.hits": {"en": {"one": "{n} Hit", "other": "{n} Hits"}, "ja": "{n}ヒット"},
    "hh.cannot_wound": {"en": "{unit}: {hits} at S{s} cannot wound.",
                        "ja": "{unit}：S{s}の{hits}ではウーンズを与えられない。"},
    "hh.cannot_wound.zone": {"en": "{unit}: {hits} ({zone} zone) at S{s} cannot wound.",
                             "ja": "{unit}：{zone}ゾーンのS{s}の{hits}ではウーンズを与えられない。"},
    "hh.to_wound": {"en": "{unit}: {hits} at S{s} wound on {target}+: {wounds}.",
                    "ja": "{unit}：S{s}の{hits}、ウーンズロール{target}+：{wounds}。"},
    "hh.to_wound.zone": {"en": "{unit}: {hits} ({zone} zone) at S{s} wound on {target}+: {wounds}.",
                         "ja": "{unit}：{zone}ゾーンのS{s}の{hits}、ウーンズロール{target}+："
                               "{wounds}。"},
    "hh.wounds": {"en": {"one": "{n} wound", "other": "{n} wounds"}, "ja": "{n}ウーンズ"},
    "hh.wounds.breaching": {
        "en": {"one": "{n} wound, {changed} at AP 2 (Breaching)",
               "other": "{n} wounds, {changed} at AP 2 (Breaching)"},
        "ja": "{n}ウーンズ（うち{changed}はブリーチングでAP 2）"},
    "hh.wounds.breaching_moot": {
        "en": {"one": "{n} wound; {rolls}: {why}", "other": "{n} wounds; {rolls}: {why}"},
        "ja": "{n}ウーンズ。{rolls}：{why}"},
    "hh.breaching_rolls": {
        "en": {"one": "{n} Breaching roll ({x}+) changes nothing",
               "other": "{n} Breaching rolls ({x}+) change nothing"},
        "ja": "ブリーチングの出目（{x}+）{n}個は何も変えない"},
    "hh.breaching.ap2": {"en": "the weapon is AP 2 already", "ja": "武器がすでにAP 2"},
    "hh.breaching.better": {"en": "the weapon's AP {ap} is better than AP 2",
                            "ja": "武器のAP {ap}のほうがAP 2より良い"},
    # -- saves, Feel No Pain, allocation (HH-8, HH-14) ---------------------------------------
    "hh.label.save": {"en": "save {model} ({target}+)",
                      "ja": "セーヴィングスロー {model}（{target}+）"},
    "hh.label.fnp": {"en": "Feel No Pain {model} ({target}+)",
                     "ja": "フィール・ノー・ペイン {model}（{target}+）"},
    "hh.event.saved": {"en": "saved", "ja": "セーヴ成功"},
    "hh.event.ignored": {"en": "not saved, but Feel No Pain ignores it",
                         "ja": "セーヴ失敗、だがフィール・ノー・ペインで無視する"},
    "hh.event.wound": {"en": "not saved, 1 Wound lost", "ja": "セーヴ失敗、ウーンズを1失う"},
    "hh.event.instant_death": {
        "en": "not saved, Instant Death (S at least double T): every Wound lost",
        "ja": "セーヴ失敗、インスタントデス（SがTの2倍以上）：ウーンズをすべて失う"},
    "hh.event.no_model_left": {"en": "no model is left to take it",
                               "ja": "受けるモデルが残っていない"},
    "hh.event.glancing": {"en": "a Glancing Hit (1 Hull Point)",
                          "ja": "グランシングヒット（ハルポイント1）"},
    "hh.event.no_effect": {"en": "no effect", "ja": "効果なし"},
    "hh.wound.left": {"en": "{unit}: a S{s} AP{ap} wound: {event}.",
                      "ja": "{unit}：S{s} AP{ap}のウーンズ：{event}。"},
    "hh.wound.allocated": {
        "en": "{unit}: a S{s} AP{ap} wound is allocated to {model}: {event}.",
        "ja": "{unit}：S{s} AP{ap}のウーンズを{model}に割り振る：{event}。"},
    "hh.wound.allocated.notes": {
        "en": "{unit}: a S{s} AP{ap} wound is allocated to {model} ({notes}): {event}.",
        "ja": "{unit}：S{s} AP{ap}のウーンズを{model}に割り振る（{notes}）：{event}。"},
    "hh.note.ap_denies": {"en": "AP{ap} denies its {sv}+ armour",
                          "ja": "AP{ap}のため{sv}+のアーマーセーヴは不可"},
    "hh.note.ap_denies_bare": {"en": "AP{ap} denies its {sv}+ armour, no other save",
                               "ja": "AP{ap}のため{sv}+のアーマーセーヴは不可、ほかのセーヴもない"},
    "hh.note.cover": {"en": "in cover: {save}+", "ja": "カバーセーヴ{save}+"},
    # -- vehicles (HH-8, HH-15) --------------------------------------------------------------
    "hh.label.penetration": {"en": "armour penetration {vehicle} ({facing})",
                             "ja": "装甲貫通 {vehicle}（{facing}）"},
    "hh.armour": {
        "en": {"one": "{vehicle}: {n} Hit on armour: {hits}.",
               "other": "{vehicle}: {n} Hits on armour: {hits}."},
        "ja": "{vehicle}：装甲に{n}ヒット：{hits}。"},
    "hh.armour.mega": {
        "en": {"one": "{vehicle}: {n} Hit on armour (a Mega-blast always strikes Side armour): "
                      "{hits}.",
               "other": "{vehicle}: {n} Hits on armour (a Mega-blast always strikes Side "
                        "armour): {hits}."},
        "ja": "{vehicle}：装甲に{n}ヒット（メガブラストは常に側面装甲に当たる）：{hits}。"},
    "hh.armour.hit": {"en": "S{s} against {facing} armour {av}: {result}",
                      "ja": "S{s}対{facing}装甲{av}：{result}"},
    "hh.penetration.glancing": {"en": "glancing", "ja": "グランシングヒット"},
    "hh.penetration.penetrating": {"en": "penetrating", "ja": "ペネトレイティングヒット"},
    # -- the result (RESULT) -----------------------------------------------------------------
    "hh.result": {"en": "{losses}.", "ja": "{losses}。"},
    "hh.result.none": {"en": "No model is lost.", "ja": "失われたモデルはない。"},
    "hh.loss.removed": {"en": "{model} is removed", "ja": "{model}は除去される"},
    "hh.loss.wounds": {"en": {"one": "{model} loses {n} Wound", "other": "{model} loses {n} Wounds"},
                       "ja": "{model}はウーンズを{n}失う"},
    "hh.loss.hull_points": {
        "en": {"one": "{model} loses {n} Hull Point", "other": "{model} loses {n} Hull Points"},
        "ja": "{model}はハルポイントを{n}失う"},
    "hh.loss.wrecked": {
        "en": {"one": "{model} loses {n} Hull Point and is wrecked",
               "other": "{model} loses {n} Hull Points and is wrecked"},
        "ja": "{model}はハルポイントを{n}失い、撃破される"},
}

CLAUSES_JA: dict[str, str] = {
    "HH-1": ("ブラスト武器は命中ロールを行わない。射撃モデルから見える敵モデルを1体選び、3インチの"
             "マーカーを、その穴がそのモデルのベース（ビークルなら車体）の上に完全に収まるように置く。"),
    "HH-2": "マーカー中心の穴は、武器の最大射程内になければならない。",
    "HH-3": "味方モデルのベースや車体が一部でもマーカーの下に入るようには置けない。",
    "HH-4": ("スキャッター：スキャッター・ダイスと2D6を振る。距離は2D6から射撃モデルのBSを引いた値"
             "（最低0）。"),
    "HH-5": ("スキャッター後のマーカーは、最大射程・最小射程の外や視線の外にあってもよい：ヒットは"
             "通常どおり算出する（自軍のユニットや白兵戦中のモデルも含む）。"),
    "HH-6": "中心の穴が戦場の端より外に出たら、その射撃は完全に外れる。",
    "HH-7": ("各ユニットは、最終位置のマーカーの下に全体または一部が入っているモデル1体につき1ヒットを"
             "受ける。視線は問わない。"),
    "HH-8": ("ウーンズロールとセーヴィングスローは通常どおり行う。ブラストによるウーンズは、"
             "視線の外であっても目標ユニットのどのモデルにも割り振れる。"),
    "HH-9": ("複数のブラスト：射撃を1発ずつスキャッターさせてマーカーごとにヒットを数え、最後に"
             "ヒットを合計してウーンズロールをまとめて行う。"),
    "HH-10": ("振り直し：命中ロールを完全に振り直せるモデルが振り直すなら、スキャッター・ダイスと2D6の"
              "両方を振り直す。特定の出目の振り直し（1の振り直しなど）はブラストには使えない。"),
    "HH-11": "ブラスト武器はスナップショットで射撃できない。",
    "HH-12": ("ラージブラストは5インチ、マッシヴブラストは7インチ、アポカリプティック・ブラストは"
              "10インチのマーカーを使う。それ以外はブラストのルールにすべて従う。"),
    "HH-13": ("アポカリプティック・メガブラスト：アポカリプティック・ブラストのマーカーを内側・中間・"
              "外側のゾーン（5インチ／7インチ／10インチ）に分け、ゾーンごとに筋力とAPがある。"
              "複数のゾーンにまたがるモデルには最良の値を使う。ヒットはゾーンごとに別々に算出し、"
              "ゾーンごとに別のウーンズプールを作る。"),
    "HH-14": ("メガブラスト：カバーセーヴとウーンズの割り振りは、射撃モデルからではなくマーカーの"
              "中心から撃たれたものとして扱う。"),
    "HH-15": "メガブラストのビークルへのヒットは、常に側面装甲に対して解決する。",
    "HH-16": ("ブリーチング（X）：X以上の出目のウーンズロールは、それぞれAP 2で解決する。"
              "ウーンズを持たないモデル（ビークル）には効果がない。"),
    "HH-17": "ブリーチングとゲッツホット：射撃モデル自身が受けるゲッツホットのウーンズには、常に武器本来のAPを使う。",
    "HH-18": ("ゲッツホット（命中ロールを行う武器）：修正前の命中ロールで1が出るたびに、射撃モデルは"
              "武器のAPでウーンズを1受ける（アーマーセーヴ、不可侵セーヴ、フィール・ノー・ペインは可。"
              "カバーセーヴとシュラウデッドは不可）。このウーンズはユニットのほかのモデルには"
              "割り振れない。ビークルは代わりに1の目ごとにD6を振り、1～2ならグランシングヒットを受ける。"),
    "HH-19": ("命中ロールを行わない武器（ブラスト）のゲッツホット：射撃の直前に1発ごとにD6を振る。"
              "2+なら通常どおり射撃する。1ならその射撃は行われず、射撃モデルはゲッツホットの"
              "ウーンズを受ける（ビークルはD6を振り、1～2でグランシングヒット）。"),
    "HH-20": ("ゲッツホットと振り直し：命中ロールを振り直せるモデル（BS 6+やツインリンクによるものを"
              "含む）は、振り直しも1だったときにだけウーンズを受ける。また、命中ロールを行わない武器の"
              "ゲッツホットの1を振り直せる。"),
}
"""Each clause of engine.clauses.CLAUSES (and the engine's own of its system) in Japanese."""
