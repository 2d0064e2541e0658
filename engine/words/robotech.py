"""Messages of the Robotech Blast rules' log (engine.systems.robotech), and the RT clauses in
Japanese, in the words Japanese players use for the game: ブラスト、ストライク、ドッジ、
ロール・ウィズ・インパクト、撃墜、一斉射撃、テンプレート、スキャッター、コマンドポイント（CP）、
間接射撃、構造物、メカ; DF, MD, GN, PIL and CP stay as they are."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {
    # how the log names missiles, templates, places and units (engine.systems.robotech.words)
    "rt.missile": {"en": "missile {n}", "ja": "ミサイル{n}"},
    "rt.the_blast": {"en": "the blast", "ja": "ブラスト"},
    "rt.the_missile": {"en": "the missile", "ja": "ミサイル"},
    "rt.missiles": {"en": "missiles {numbers}", "ja": "ミサイル{numbers}"},
    "rt.volley_template": {"en": "the volley's template", "ja": "一斉射撃のテンプレート"},
    "rt.point": {"en": "the point ({x:g}, {y:g})", "ja": "地点（{x:g}, {y:g}）"},
    "rt.unit_df": {"en": "{unit} DF {df}", "ja": "{unit}（DF {df}）"},
    "rt.share.full": {"en": "full", "ja": "フル"},
    "rt.share.half": {"en": "half", "ja": "半分"},
    "rt.struck": {"en": "{unit} {share} {damage}", "ja": "{unit}に{damage}ダメージ（{share}）"},
    "rt.struck.natural": {"en": "{unit} {share} {damage} (natural 6)",
                          "ja": "{unit}に{damage}ダメージ（{share}、ナチュラル6）"},
    "rt.strikes": {"en": "it strikes {units}", "ja": "{units}"},
    "rt.strikes.none": {"en": "it strikes no unit", "ja": "ダメージを受けるユニットはない"},
    "rt.natural": {"en": "a natural {face}: {outcome}", "ja": "ナチュラル{face}：{outcome}"},

    # the attack declared, its legality (RT-1 to RT-4, RT-21)
    "rt.profile.md": {"en": "MD {md}", "ja": "MD {md}"},
    "rt.profile.volley": {"en": "volley of {n}", "ja": "{n}発の一斉射撃"},
    "rt.profile.modifier": {"en": "Strike modifier {mod:+d}", "ja": "ストライク修正{mod:+d}"},
    "rt.aims.one": {"en": "{place}", "ja": "目標は{place}"},
    "rt.aims.all": {"en": "all its missiles at {place}", "ja": "全ミサイルを{place}に"},
    "rt.aims.group": {"en": "{missiles} at {place}", "ja": "{missiles}を{place}に"},
    "rt.aims.next": {"en": "{a}; {b}", "ja": "{a}、{b}"},
    "rt.fires": {"en": "{attacker!c} fires {weapon} ({profile}): {targets}",
                 "ja": "{attacker}が{weapon}（{profile}）を発射：{targets}"},
    "rt.in_sight": {"en": "{target!c} is {reach:.2f}\" away (range {range:g}\") and in sight",
                    "ja": "{target}までの距離は{reach:.2f}インチ（射程{range:g}インチ）、射線が通る"},
    "rt.indirect": {
        "en": "Indirect Fire: {target} is {reach:.2f}\" away (range {range:g}\"), "
              "in sight of {spotters}",
        "ja": "間接射撃：{target}までの距離は{reach:.2f}インチ（射程{range:g}インチ）、"
              "{spotters}から射線が通る"},
    "rt.friends_under": {"en": "Friendly {friends} under the template: Life is Cheap",
                         "ja": "テンプレートの下の味方{friends}はライフ・イズ・チープを持つ"},
    "rt.no_friends_under": {"en": "No friendly mecha under the template",
                            "ja": "テンプレートの下に味方のメカはいない"},
    "rt.terrain_feature": {"en": "a terrain feature", "ja": "地形"},
    "rt.illegal.no_blast": {"en": "{weapon} has no Blast ability",
                            "ja": "{weapon}にはブラスト能力がない"},
    "rt.illegal.ground": {
        "en": "a Blast cannot target a spot on the ground without the Indirect Fire ability",
        "ja": "間接射撃の能力がなければ、ブラストで地面の一点を目標にはできない"},
    "rt.illegal.friendly_target": {
        "en": "{target} is a friendly mecha: the target must be a structure or an enemy mecha",
        "ja": "{target}は味方のメカ：目標は構造物か敵のメカでなければならない"},
    "rt.illegal.range": {
        "en": "{target} is {reach:.2f}\" away, beyond the range of {range:g}\"",
        "ja": "{target}までの距離は{reach:.2f}インチで、射程{range:g}インチを超えている"},
    "rt.illegal.sight": {
        "en": "{attacker} has no line of sight to {target} ({blocker} is in the way)",
        "ja": "{attacker}から{target}への射線が通らない（{blocker}に遮られている）"},
    "rt.illegal.no_spotter": {
        "en": "no friendly mecha has line of sight to {target} (Indirect Fire needs one)",
        "ja": "{target}への射線が通る味方のメカがいない（間接射撃には1機必要）"},
    "rt.illegal.friends_under": {
        "en": "friendly mecha {friends} would be under the template "
              "(only Life is Cheap mecha may be)",
        "ja": "味方のメカ{friends}がテンプレートの下に入ってしまう"
              "（入ってよいのはライフ・イズ・チープを持つメカだけ）"},
    "rt.divided": {
        "en": "The volley is divided: one template per missile, misses scatter separately; "
              "missiles at a secondary target take {mod:+d} to Strike",
        "ja": "一斉射撃を分割：ミサイルごとにテンプレート1枚、外れたミサイルは個別にスキャッター。"
              "副目標へのミサイルはストライクに{mod:+d}"},
    "rt.pool.given": {"en": "as the scenario gives", "ja": "シナリオの指定どおり"},
    "rt.pool.counted": {"en": "{mecha} mecha + Leadership {leadership}",
                        "ja": "メカ{mecha}機 + リーダーシップ{leadership}"},
    "rt.pool": {
        "en": "{side}'s Command Points: a pool of {pool} ({how}), spent by any of its mecha "
              "{reading}",
        "ja": "{side}のコマンドポイント：{pool}点のプール（{how}）、その陣営のどのメカも使える"
              "{reading}"},
    "rt.own_side": {
        "en": "No reaction from {friends}, of the attacker's side: a side never reacts against "
              "its own attack (no shoot-down, no Command Point spent)",
        "ja": "{friends}は攻撃側の陣営なので反応しない：自陣営の攻撃に対しては、撃墜も"
              "コマンドポイントの消費もしない"},

    # the Roll to Strike and the template on its target (RT-1, RT-5, RT-9, RT-17, RT-22)
    "rt.dice.gn": {"en": "D6 + GN {gn}", "ja": "D6 + GN {gn}"},
    "rt.dice.modifier": {"en": "{dice}, {mod:+d} modifier", "ja": "{dice}、修正{mod:+d}"},
    "rt.dice.secondary": {"en": "{dice}, {mod:+d} secondary target",
                          "ja": "{dice}、副目標{mod:+d}"},
    "rt.roll.strike": {"en": "Strike at {place} ({dice})",
                       "ja": "{place}へのストライク（{dice}）"},
    "rt.roll.strike_of": {"en": "Strike of {missile} at {place} ({dice})",
                          "ja": "{missile}の{place}へのストライク（{dice}）"},
    "rt.sum.gn": {"en": "{face} + GN {gn}", "ja": "{face} + GN {gn}"},
    "rt.sum.modifier": {"en": "{sum} {mod:+d} (modifier)", "ja": "{sum} {mod:+d}（修正）"},
    "rt.sum.secondary": {"en": "{sum} {mod:+d} (secondary target)",
                         "ja": "{sum} {mod:+d}（副目標）"},
    "rt.strike.hits": {"en": "hits the point of impact", "ja": "着弾点に命中"},
    "rt.strike.misses": {"en": "misses", "ja": "外れ"},
    "rt.strike": {"en": "{missile!c}: Strike {sum} = {total} against DF {df}: {verdict}",
                  "ja": "{missile}：ストライク {sum} = {total}（対DF {df}）：{verdict}"},
    "rt.lands": {"en": "{missile!c} lands on {place}: {struck}",
                 "ja": "{missile}が{place}に着弾：{struck}"},
    "rt.spared": {"en": "{units} above the Strike roll {total}: no damage",
                  "ja": "{units}はDFがストライク・ロール{total}より高い：ダメージなし"},
    "rt.spared.natural6": {
        "en": "{units} above the Strike roll {total}: no damage "
              "(a natural 6 hits the point of impact, not a higher DF)",
        "ja": "{units}はDFがストライク・ロール{total}より高い：ダメージなし"
              "（ナチュラル6が命中させるのは着弾点で、それより高いDFではない）"},

    # the scatter and its new Strike (RT-12 to RT-16)
    "rt.roll.scatter_direction": {"en": "Scatter direction of {name} from {place} (D6)",
                                  "ja": "{place}からの{name}のスキャッター方向（D6）"},
    "rt.roll.scatter_distance": {"en": "Scatter distance of {name} (2D6 inches)",
                                 "ja": "{name}のスキャッター距離（2D6インチ）"},
    "rt.scatters": {
        "en": "{name!c} scatters from {place}: direction {number} (bearing {bearing:.0f}°), "
              "{rolled}\"",
        "ja": "{name}が{place}からスキャッター：方向{number}（方位{bearing:.0f}°）、"
              "{rolled}インチ"},
    "rt.scatter_capped": {
        "en": "The scatter is capped at the range to the target: {distance:.2f}\" instead of "
              "{rolled}\"",
        "ja": "スキャッター距離は目標までの射程が上限：{rolled}インチではなく{distance:.2f}インチ"},
    "rt.roll.new_strike": {"en": "New Strike of {name} where it comes down (D6 + {bonus})",
                           "ja": "落下地点での{name}の新たなストライク（D6 + {bonus}）"},
    "rt.new_strike": {
        "en": "{name!c}: new Strike {face} + {bonus} = {total} where it comes down "
              "({x:.1f}, {y:.1f}): {outcome}",
        "ja": "{name}：落下地点（{x:.1f}, {y:.1f}）で新たなストライク {face} + {bonus} = "
              "{total}：{outcome}"},
    "rt.dud": {"en": "{why}: a dud, no second scatter",
               "ja": "{why}ので不発、再スキャッターはしない"},
    "rt.dud.no_df": {"en": "it reaches no DF under the template",
                     "ja": "テンプレートの下のどのDFにも届かない"},
    "rt.dud.no_unit": {"en": "no unit under it", "ja": "テンプレートの下にユニットがいない"},
    "rt.spared.new_strike": {
        "en": "{units} above the new Strike roll {total}: no damage",
        "ja": "{units}はDFが新たなストライク・ロール{total}より高い：ダメージなし"},

    # the whole volley missed (RT-20)
    "rt.whole_miss.full": {
        "en": "Every missile of the volley missed: ONE template, the volley's, scatters and "
              "inflicts only the MD of one missile, full: {md} to everything its new Strike "
              "reaches {reading}, the seed's words",
        "ja": "一斉射撃の全ミサイルが外れた：一斉射撃のテンプレート1枚だけがスキャッターし、"
              "与えるのはミサイル1発分のMDのみ。フル：新たなストライクが届くすべてに{md}"
              "{reading}、原文どおり"},
    "rt.whole_miss.half": {
        "en": "Every missile of the volley missed: ONE template, the volley's, scatters and "
              "inflicts only the MD of one missile, halved as any scattered blast: {half} "
              "{reading}",
        "ja": "一斉射撃の全ミサイルが外れた：一斉射撃のテンプレート1枚だけがスキャッターし、"
              "与えるのはミサイル1発分のMDのみ。スキャッターしたブラストと同じく半分：{half}"
              "{reading}"},

    # shooting the missiles down (RT-11, RT-16)
    "rt.roll.shoot_down": {"en": "Shoot-down by {unit} (a 6 succeeds)",
                           "ja": "{unit}の撃墜（6で成功）"},
    "rt.shot.down": {"en": "shot down: they damage no one",
                     "ja": "撃墜：誰にもダメージを与えない"},
    "rt.shot.missed": {"en": "it misses, no effect", "ja": "失敗、効果なし"},
    "rt.shoots": {"en": "{unit!c} shoots at {which} over it ({cost} CP) and rolls {face}: "
                        "{what}",
                  "ja": "{unit}が頭上の{which}を撃つ（{cost} CP）、出目{face}：{what}"},

    # a unit's own defence (RT-6 to RT-8, RT-10, RT-15, RT-18, RT-19)
    "rt.dice.pil": {"en": "{dice} + PIL {pil}", "ja": "{dice} + PIL {pil}"},
    "rt.dice.dodge_modifier": {"en": "{dice} {mod:+d} modifier", "ja": "{dice} {mod:+d}（修正）"},
    "rt.roll.dodge": {"en": "Dodge by {unit} ({dice} against Strike {strike})",
                      "ja": "{unit}のドッジ（{dice}、対ストライク{strike}）"},
    "rt.sum.pil": {"en": "{sum} + PIL {pil}", "ja": "{sum} + PIL {pil}"},
    "rt.highest_strike": {"en": "the highest of {n} Strike rolls",
                          "ja": "{n}回のストライク・ロールの最高値"},
    "rt.the_strike": {"en": "the Strike roll", "ja": "ストライク・ロール"},
    "rt.dodge.dodged": {
        "en": "dodged: no damage; the blast still lands, no scatter (RT-10)",
        "ja": "成功：ダメージなし。ブラストはそのまま着弾し、スキャッターはしない（RT-10）"},
    "rt.dodge.fails": {"en": "it fails", "ja": "失敗"},
    "rt.dodge": {
        "en": "{unit!c} dodges (1 CP) and rolls {sum} = {total} against {of}, {strike}: "
              "{outcome}",
        "ja": "{unit}がドッジ（1 CP）、{of}{strike}に対して{sum} = {total}：{outcome}"},
    "rt.inescapable.over": {
        "en": "{n} missiles of the volley are over it, so Inescapable {reading}",
        "ja": "一斉射撃のミサイル{n}発のテンプレートがかかっているので回避不能{reading}"},
    "rt.inescapable.strike": {"en": "{n} missiles of the volley strike it, so Inescapable",
                              "ja": "一斉射撃のミサイル{n}発が命中したので回避不能"},
    "rt.inescapable.weapon": {"en": "{weapon} is Inescapable", "ja": "{weapon}は回避不能"},
    "rt.cannot_dodge": {"en": "{unit!c} cannot dodge: {why}", "ja": "{unit}はドッジできない：{why}"},
    "rt.shot_so_no_dodge": {
        "en": "{unit!c} tried to shoot these missiles down, so it may not also Dodge them: "
              "Dodge or shoot down {reading}",
        "ja": "{unit}はこれらのミサイルの撃墜を試みたので、ドッジはできない："
              "ドッジか撃墜のどちらか一方{reading}"},
    "rt.structure": {"en": "{unit!c} is a structure: it takes {damage} with no reduction",
                     "ja": "{unit}は構造物：{damage}ダメージを軽減なしで受ける"},
    "rt.impact": {
        "en": "{unit!c} rolls with impact (1 CP): {damage} damage becomes {reduced}",
        "ja": "{unit}がロール・ウィズ・インパクト（1 CP）：{damage}ダメージが{reduced}に"},

    # what the attack did (RESULT)
    "rt.result.templates": {"en": {"one": "{n} template over it",
                                   "other": "{n} templates over it"},
                            "ja": "テンプレート{n}枚"},
    "rt.result.unit": {"en": "{unit} takes {damage} damage ({templates}, {cp} CP spent)",
                       "ja": "{unit}は{damage}ダメージ（{templates}、{cp} CP消費）"},
    "rt.result.destroyed": {
        "en": "{unit} takes {damage} damage ({templates}, {cp} CP spent), destroyed: "
              "{damage} reaches its MDC {mdc}",
        "ja": "{unit}は{damage}ダメージ（{templates}、{cp} CP消費）で破壊：{damage}ダメージが"
              "MDC {mdc}に達した"},
    "rt.result.next": {"en": "{a}; {b}", "ja": "{a}。{b}"},
    "rt.result.none": {"en": "No damage", "ja": "ダメージなし"},
}

CLAUSES_JA: dict[str, str] = {
    "RT-1": "ブラストのストライク・ロールは、DF 5（着弾点）に対して行う。",
    "RT-2": "目標は構造物か敵のメカで、攻撃するメカの射程内にあり、射線が通っていなければならない。"
            "地面の一点は目標にできない（その武器が間接射撃も持つ場合を除く）。",
    "RT-3": "間接射撃のブラスト：射程内の任意の地点（地面を含む）を目標にできる。"
            "ただし、いずれかの味方のメカか攻撃するメカ自身から射線が通っていること。",
    "RT-4": "味方のメカがテンプレートの下に入るなら、その攻撃は行えない"
            "（そのメカがライフ・イズ・チープを持つ場合を除く）。",
    "RT-5": "命中：直径5インチのテンプレートを目標の中心に置く。ストライク・ロールが目標自身のDF以上でも"
            "あれば、主目標はMDをフルで受ける。テンプレートの下にある他のメカ、建物、構造物は"
            "（ベースの端がかすっただけでも）MDの半分（端数切り捨て）を受ける。",
    "RT-6": "テンプレートの下のメカはすべてドッジできる。1機ごとにコマンドポイントを1点消費し、"
            "攻撃側のストライク・ロール以上を出さなければならない。",
    "RT-7": "命中したメカはそれぞれ、MDが適用される前にロール・ウィズ・インパクトでMDを減らせる。",
    "RT-8": "構造物はMDをフル（主目標）または半分（それ以外）で受け、軽減する手段はない。",
    "RT-9": "DFがストライク・ロールより高いメカや構造物は、ダメージを受けない。",
    "RT-10": "ドッジに成功してもテンプレートはスキャッターしない。ブラストはそのまま着弾する。"
             "スキャッターするのは、DF 5に対するストライクに失敗したときだけである。",
    "RT-11": "ブラスト＋ミサイル：テンプレートの下のメカは何機でも撃墜を試みられる（それぞれ通常の"
             "CPコスト）。アンチミサイルの武器でも、成功するのは6が出たときだけ。成功すれば、"
             "そのメカに命中するはずだったブラスト・ミサイルはすべて破壊され、それらのミサイルで"
             "ダメージを受けるメカはいない。複数の目標に分割された一斉射撃では、そのメカに命中しない"
             "ミサイルは、他のメカに撃墜されない限り残る。",
    "RT-12": "外れ（ストライクが5未満）：スキャッター。テンプレートを元の目標の中心に置き、方向「1」を"
             "射撃したメカから真っすぐ遠ざかる向きに合わせる。D6でテンプレートに記された番号の方向を"
             "決め、中心の穴を2D6インチ動かす。そこが新たな着弾点となる。",
    "RT-13": "スキャッター距離は、攻撃するメカから目標までの射程を超えない。",
    "RT-14": "スキャッター後の新たなストライク・ロール：D6+1（GNは加えない）。新たな位置のテンプレートの"
             "下で、DFがその値以下のメカや構造物は半分のダメージ（端数切り捨て）を受ける。",
    "RT-15": "スキャッター後：メカはドッジできる（新たなストライク・ロール以上が必要）。失敗したメカや"
             "ドッジしなかったメカは、ロール・ウィズ・インパクトでダメージを半分（端数切り捨て）にできる。"
             "DFが新たなストライク・ロールより高ければ、ダメージはない。",
    "RT-16": "再びスキャッターすることはない。新たなロールがテンプレートの下のどのDFにも届かなければ"
             "不発となる。味方のメカも敵のメカも同じように命中しうる。スキャッターしたミサイルも"
             "RT-11と同様に撃墜できる。",
    "RT-17": "ブラスト＋一斉射撃：ミサイルごとに個別にストライク（DF 5）を振る。命中したミサイルはそれぞれ、"
             "主目標にMDをフルで、自身のテンプレートの下の他のすべてに半分（端数切り捨て）を与える。",
    "RT-18": "一斉射撃のミサイル3発までが命中したメカは、1回のドッジ（1 CP）ですべてを避けられる。"
             "ただし、そのメカに向けられたミサイルのストライク・ロールの最高値以上が必要。同じ一斉射撃の"
             "ミサイル4発が1機のメカに命中すると、そのメカにとって回避不能（ドッジ不可）となる。",
    "RT-19": "ロール・ウィズ・インパクトは、一斉射撃1回につきメカ1機あたり1回だけ。",
    "RT-20": "外れたミサイルは個別にスキャッターする。ただし一斉射撃が全弾外れたときは、テンプレート1枚"
             "だけがスキャッターし、ミサイル1発分のMDをフルで与える。",
    "RT-21": "複数の目標に分割した一斉射撃：ミサイルごとにブラスト・テンプレートを1枚使い、外れたものは"
             "個別にスキャッターする。",
    "RT-22": "いつもどおり、DFがストライク・ロールより高ければダメージはない。",
}
"""Each clause of engine.clauses.CLAUSES of the Robotech Blast rule (RT-1 to RT-22) in
Japanese, from the errata seed (shared/seeds/000_4020f9c05cfd80ff.txt)."""
