"""Messages of the scenario parser (engine.scenario): why a document is refused.

Each reason is said after its field's path (``units[3].df: must be an integer from 1 to
12``) or, in players' words, after the field's label (engine.build.fieldwords): in Japanese
a reason that is a predicate in English (it starts with "must", "is", "names"...) reads after
「は」 (「DFは1～12の整数にしてください」), any other is a sentence of its own.
"""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {
    # what a value must be (engine.scenario.fields)
    "scenario.kind.integer": {"en": "an integer", "ja": "整数"},
    "scenario.kind.number": {"en": "a number", "ja": "数値"},
    "scenario.must_be": {"en": "must be {kind}", "ja": "{kind}にしてください"},
    "scenario.range.between": {"en": "must be {kind} from {lo} to {hi}",
                               "ja": "{lo}～{hi}の{kind}にしてください"},
    "scenario.range.at_least": {"en": "must be {kind} of at least {lo}",
                                "ja": "{lo}以上の{kind}にしてください"},
    "scenario.range.at_most": {"en": "must be {kind} of at most {hi}",
                               "ja": "{hi}以下の{kind}にしてください"},
    "scenario.positive": {"en": "must be a number greater than 0",
                          "ja": "0より大きい数値にしてください"},
    "scenario.boolean": {"en": "must be true or false", "ja": "true か false にしてください"},
    "scenario.text": {"en": "must be a text of at most {n} characters",
                      "ja": "{n}文字以内のテキストにしてください"},
    "scenario.text.nonempty": {"en": "must be a non-empty text of at most {n} characters",
                               "ja": "1～{n}文字のテキストにしてください"},
    "scenario.one_of": {"en": "must be one of {choices}",
                        "ja": "次のいずれかにしてください：{choices}"},
    "scenario.literal.true": {"en": "True", "ja": "true"},
    "scenario.literal.false": {"en": "False", "ja": "false"},
    "scenario.object": {"en": "must be an object", "ja": "オブジェクトにしてください"},
    "scenario.list": {"en": "must be a list", "ja": "リストにしてください"},
    "scenario.items.at_least": {"en": "must hold at least {n} item(s)",
                                "ja": "{n}個以上の要素が必要です"},
    "scenario.items.between": {"en": "must hold {lo} to {hi} items",
                               "ja": "要素は{lo}～{hi}個にしてください"},
    "scenario.required": {"en": "is required", "ja": "必須です"},
    "scenario.unknown_field": {"en": "is not a known field (known: {known})",
                               "ja": "不明な項目です（使える項目：{known}）"},
    # the document (engine.scenario, engine.scenario.bounds)
    "scenario.dice_entry": {
        "en": "must be a die face (integer), an angle in degrees, or \"HIT\"",
        "ja": "ダイスの目（整数）、角度（度）、または「HIT」にしてください"},
    "scenario.max_units": {"en": "must hold at most {n} units",
                           "ja": "ユニットは{n}体までです"},
    "scenario.format": {"en": "must be {format}", "ja": "{format}にしてください"},
    "scenario.share.too_large": {
        "en": "the scenario is too large for a share link ({size:,} characters, at most "
              "{max:,}): save it as a file instead",
        "ja": "シナリオが大きすぎて共有リンクにできません（{size:,}文字、上限{max:,}文字）。"
              "ファイルとして保存してください"},
    "scenario.share.not_share": {
        "en": "is not a Scatterlab share link (version {version})",
        "ja": "Scatterlabの共有リンク（バージョン{version}）ではありません"},
    "scenario.share.too_long": {"en": "is longer than {max:,} characters",
                                "ja": "{max:,}文字を超えています"},
    "scenario.share.bad_characters": {
        "en": "holds characters a share link never has (only letters, digits, - and _)",
        "ja": "共有リンクにはない文字を含んでいます（使えるのは英字、数字、- と _ だけです）"},
    "scenario.share.damaged": {"en": "is damaged and cannot be read ({detail})",
                               "ja": "壊れていて読み込めません（{detail}）"},
    "scenario.share.larger": {"en": "larger than {max:,} characters",
                              "ja": "{max:,}文字を超えています"},
    "scenario.share.truncated": {"en": "truncated", "ja": "途中で切れています"},
    "scenario.share.trailing": {"en": "text follows the end of the scenario",
                                "ja": "シナリオの終わりの後に余分なデータがあります"},
    "scenario.deeper": {"en": "nests deeper than {max} levels",
                        "ja": "入れ子が{max}階層を超えています"},
    "scenario.too_large": {"en": "is larger than {max:,} characters",
                           "ja": "{max:,}文字を超えています"},
    "scenario.not_utf8": {"en": "is not UTF-8 text", "ja": "UTF-8のテキストではありません"},
    "scenario.not_json": {"en": "is not valid JSON ({detail})",
                          "ja": "正しいJSONではありません（{detail}）"},
    "scenario.not_json_number": {"en": "{name} is not a JSON number",
                                 "ja": "{name}はJSONの数値ではありません"},
    "scenario.repeated": {"en": "is given more than once", "ja": "が2回以上指定されています"},
    "scenario.key_not_text": {"en": "has a key that is not text",
                              "ja": "テキストでないキーを含んでいます"},
    "scenario.key_unencodable": {
        "en": "has a key text that cannot be encoded (a lone surrogate such as \\udc00)",
        "ja": "エンコードできない文字（\\udc00 のような単独のサロゲート）をキーに含んでいます"},
    "scenario.text_unencodable": {
        "en": "holds text that cannot be encoded (a lone surrogate such as \\udc00)",
        "ja": "エンコードできない文字（\\udc00 のような単独のサロゲート）を含んでいます"},
    "scenario.number_bound": {"en": "must be a number from -{max} to {max}",
                              "ja": "-{max}～{max}の数値にしてください"},
    "scenario.finite": {"en": "must be a finite number", "ja": "有限の数値にしてください"},
    "scenario.not_json_value": {"en": "is not a JSON value", "ja": "JSONの値ではありません"},
    # units and options (engine.scenario.common)
    "scenario.duplicate_id": {"en": "duplicate unit id {id}",
                              "ja": "ユニットID {id} が重複しています"},
    "scenario.unknown_unit": {"en": "names unknown unit id {id}",
                              "ja": "存在しないユニットID {id} を指しています"},
    # Robotech (engine.scenario.robotech)
    "scenario.rt.structure_field": {
        "en": "a structure has no such attribute (only mecha do)",
        "ja": "建造物にはこの能力値がありません（メカだけが持ちます）"},
    "scenario.rt.life_is_cheap_cp": {
        "en": "a Life is Cheap mecha has no Command Points to spend",
        "ja": "ライフ・イズ・チープのメカには使えるコマンドポイントがありません"},
    "scenario.rt.needs_volley": {"en": "needs the 'volley' ability",
                                 "ja": "には'volley'（ボレー）能力が必要です"},
    "scenario.rt.reactions_several": {
        "en": "give one of the booleans, 'order' or 'policy', not several",
        "ja": "真偽値、'order'、'policy' のどれか一つだけを指定してください"},
    "scenario.rt.reaction_twice": {"en": "names a reaction twice",
                                   "ja": "同じリアクションを2回挙げています"},
    "scenario.rt.unknown_reactor": {
        "en": "names unknown unit id {id} (use a unit id or 'default')",
        "ja": "存在しないユニットID {id} を指しています（ユニットIDか'default'を使ってください）"},
    "scenario.rt.structure_reacts": {
        "en": "{id} is a structure: structures never react (RT-8)",
        "ja": "{id}は建造物です。建造物はリアクションしません（RT-8）"},
    "scenario.rt.unknown_side": {
        "en": "names no side of the scenario's units ({sides})",
        "ja": "シナリオのユニットのどの陣営でもありません（{sides}）"},
    "scenario.rt.too_many_targets": {
        "en": "names {n} missiles but the volley is {volley}",
        "ja": "ミサイル{n}発分を指定していますが、ボレーは{volley}発です"},
    "scenario.rt.split_volley": {
        "en": "a volley divided between targets needs one id per missile ({volley}), "
              "not {n} (RT-21)",
        "ja": "複数の目標に分けたボレーにはミサイル1発ごとにIDが1つ必要です（{volley}個、"
              "指定は{n}個）（RT-21）"},
    "scenario.rt.split_volley.players": {
        "en": "a volley divided between targets needs one target per missile ({volley}), "
              "not {n} (RT-21)",
        "ja": "複数の目標に分けたボレーにはミサイル1発ごとに目標が1つ必要です（{volley}発、"
              "指定は{n}個）（RT-21）"},
    "scenario.rt.attacker_mecha": {"en": "must be a mecha (structures do not attack)",
                                   "ja": "メカにしてください（建造物は攻撃しません）"},
    "scenario.rt.no_target": {
        "en": "needs 'targets' (unit ids) or a 'point' (Indirect Fire ground shot)",
        "ja": "には'targets'（ユニットID）か'point'（インダイレクト・ファイアの地点射撃）が必要です"},
    "scenario.rt.target_and_point": {"en": "give either 'targets' or 'point', not both",
                                     "ja": "'targets'か'point'のどちらか一方だけにしてください"},
    # Horus Heresy (engine.scenario.heresy)
    "scenario.hh.not_for_vehicle": {"en": "is not used by a vehicle",
                                    "ja": "はビークルには使いません"},
    "scenario.hh.not_for_model": {"en": "is not used by a model that is not a vehicle",
                                  "ja": "はビークル以外のモデルには使いません"},
    "scenario.hh.beside_mega": {
        "en": "is not used beside mega, whose zones carry S and AP (HH-13)",
        "ja": "はmegaと一緒には使いません。Sと AP はmegaの各ゾーンが持ちます（HH-13）"},
    "scenario.hh.marker": {"en": "must be a marker diameter of 3, 5, 7 or 10 inches",
                           "ja": "マーカーの直径3、5、7、10インチのいずれかにしてください"},
    "scenario.hh.mega_marker": {
        "en": "an Apocalyptic Mega-blast uses the 10\" marker (HH-13)",
        "ja": "アポカリプティック・メガブラストは10インチのマーカーを使います（HH-13）"},
    "scenario.hh.rule_false": {
        "en": "is false, but the weapon's rules list it: keep one of the two",
        "ja": "がfalseですが、武器のルールに挙がっています。どちらか一方にしてください"},
    "scenario.hh.unit_sides": {
        "en": "unit {unit} belongs to side {side}: a unit is one side's models",
        "ja": "ユニット{unit}は陣営{side}のものです。ユニットは一つの陣営のモデルだけで作ります"},
    "scenario.hh.reroll_when": {
        "en": "is not used: only a firer that may fully re-roll To Hit (reroll \"full\" or "
              "Twin-linked) re-rolls a scatter (HH-10)",
        "ja": "は使われません。スキャッターを振り直すのは、命中判定をすべて振り直せる射手"
              "（reroll \"full\"かツインリンク）だけです（HH-10）"},
    # BattleTech (engine.scenario.battletech); hex labels (engine.hexgrid)
    "scenario.hex.not_ccrr": {
        "en": "hex label {label} is not 'CCRR' (four digits, column then row, e.g. '0908')",
        "ja": "ヘクス番号{label}は 'CCRR'（列と行の4桁の数字、例：'0908'）ではありません"},
    "scenario.hex.from_01": {"en": "hex label {label}: columns and rows are numbered from 01",
                             "ja": "ヘクス番号{label}：列と行は01から数えます"},
    "scenario.hex.off_map": {
        "en": "hex {label} is off the {wide} x {tall} sheets map (columns 01-{cols}, "
              "rows 01-{rows})",
        "ja": "ヘクス{label}は{wide}×{tall}枚のマップの外です（列01～{cols}、行01～{rows}）"},
    "scenario.hex.no_sheet": {"en": "hex {label}: the {wide} x {tall} sheets map has sheets "
                                    "A to {last}",
                              "ja": "ヘクス{label}：{wide}×{tall}枚のマップのシートはA～{last}です"},
    "scenario.hex.sheet_range": {"en": "hex {label}: a sheet's hexes run from 0101 to {last}",
                                 "ja": "ヘクス{label}：1枚のシートのヘクスは0101～{last}です"},
    "scenario.bt.hex_label": {
        "en": "must be a hex label 'CCRR' (text, e.g. '0908') or 'B:0108'",
        "ja": "ヘクス番号 'CCRR'（テキスト、例：'0908'）か 'B:0108' にしてください"},
    "scenario.bt.hex_twice": {"en": "hex {hex} is given twice (once by another label)",
                              "ja": "ヘクス{hex}が2回指定されています（一方は別の表記）"},
    "scenario.bt.record_mechs": {
        "en": "a record sheet (armour and structure per location) is for 'Mechs only",
        "ja": "レコードシート（部位ごとの装甲と内部構造）はメックだけのものです"},
    "scenario.bt.strafe_length": {"en": "BT-STRAFE.1: a strafing run is 1 to {max} hexes",
                                  "ja": "BT-STRAFE.1：掃射は1～{max}ヘクスです"},
    "scenario.bt.strafe_once": {"en": "BT-STRAFE.1: a strafing run names each hex once",
                                "ja": "BT-STRAFE.1：掃射では各ヘクスを1回ずつ挙げます"},
    "scenario.bt.strafe_line": {
        "en": "BT-STRAFE.1: strafing hexes must be contiguous, all in one straight line",
        "ja": "BT-STRAFE.1：掃射のヘクスは連続し、すべて一直線上に並べてください"},
    "scenario.bt.air_cover_artillery": {
        "en": "Air Cover is played against an offensive aerospace card, not artillery "
              "(BT-HIDDEN.2)",
        "ja": "エアカバーは攻撃用の航空宇宙カードに対して使うもので、砲撃には使えません"
              "（BT-HIDDEN.2）"},
    "scenario.bt.the_defender": {"en": "the defender", "ja": "防御側"},
    "scenario.bt.over_budget": {
        "en": "{side} would spend {now} Battlefield Support Points this turn after {before} "
              "in earlier turns: {total}, over its budget of {budget}",
        "ja": "{side}はこのターンにバトルフィールド・サポート・ポイントを{now}使うと、"
              "これまでの{before}と合わせて{total}になり、予算の{budget}を超えます"},
    "scenario.bt.held": {
        "en": "the side holds {n} of {name} (attack.held) and each support is used once, "
              "hit or miss: this is use {used}",
        "ja": "この陣営が持つ{name}は{n}枚（attack.held）で、サポートは命中してもしなくても"
              "1回しか使えません。これは{used}回目です"},
    "scenario.bt.selection_used": {
        "en": "BT-GEN.2: artillery selection {selection} is already used by {where}; each "
              "support is used once, hit or miss: give each artillery selection its own name "
              "(selection)",
        "ja": "BT-GEN.2：砲兵セレクション{selection}はすでに{where}で使われています。"
              "サポートは命中してもしなくても1回しか使えません。砲兵セレクションごとに別の名前"
              "（selection）を付けてください"},
    "scenario.bt.spotter_side": {"en": "BT-ART.4: the spotter must be one of {side}'s units",
                                 "ja": "BT-ART.4：観測役は{side}のユニットにしてください"},
    "scenario.bt.spotter_building": {
        "en": "BT-ART.4: a 'Mech spots the target hex (BT-RULE.1: or another Asset), never a "
              "building",
        "ja": "BT-ART.4：目標ヘクスを観測するのはメック（BT-RULE.1：または他のアセット）で、"
              "建物は観測しません"},
    "scenario.bt.spotter_submerged": {
        "en": "BT-ART.4: {spotter} is submerged (BT-RULE.5) and cannot spot the target hex "
              "(option submerged_spotter)",
        "ja": "BT-ART.4：{spotter}は水没しているため（BT-RULE.5）目標ヘクスを観測できません"
              "（オプション submerged_spotter）"},
    "scenario.bt.spotter_turn": {
        "en": "BT-ART.4: the spotter spots in this turn: add {turn} to spotted",
        "ja": "BT-ART.4：観測役はこのターンに観測します。spottedに{turn}を加えてください"},
    "scenario.bt.spotter_once": {
        "en": "BT-ART.4: a spotter spots only once per turn; {spotter} already spots {hex} "
              "this turn",
        "ja": "BT-ART.4：観測は1ターンに1回だけです。{spotter}はこのターンすでにヘクス{hex}を"
              "観測しています"},
    "scenario.bt.in_flight_artillery": {
        "en": "only artillery can be in flight (BT-ART.3)",
        "ja": "飛翔中にできるのは砲撃だけです（BT-ART.3）"},
    "scenario.bt.in_flight_preplotted": {
        "en": "BT-ART.1: a shot at a pre-plotted hex hits in the turn it is fired; it is "
              "never in flight",
        "ja": "BT-ART.1：事前標定ヘクスへの射撃は撃ったターンに命中するので、飛翔中には"
              "なりません"},
    "scenario.bt.in_flight_turn0": {
        "en": "BT-ART.3: no shell can be in flight in turn 0 (fired the turn before)",
        "ja": "BT-ART.3：ターン0に飛翔中の砲弾はありません（前のターンに撃つものです）"},
    "scenario.bt.in_flight_fired": {
        "en": "BT-ART.3: shells land the turn after they are fired; in turn {turn} only "
              "shells fired in turn {before} land",
        "ja": "BT-ART.3：砲弾は撃った次のターンに着弾します。ターン{turn}に着弾するのは"
              "ターン{before}に撃った砲弾だけです"},
    "scenario.bt.air_strikes": {
        "en": "BT-GEN.4: at most {max} air strikes per turn (artillery counts in the turn it "
              "is fired; Bluff and Air Cover do not): {n} declared",
        "ja": "BT-GEN.4：空襲は1ターンに{max}回までです（砲撃は撃ったターンに数え、"
              "ブラフとエアカバーは数えません）。宣言は{n}回です"},
    "scenario.bt.bluff_hidden": {
        "en": "BT-HIDDEN.4: a Bluff card needs the hidden aerospace rule "
              "(attack.hidden_aerospace)",
        "ja": "BT-HIDDEN.4：ブラフカードには秘匿航空宇宙ルール（attack.hidden_aerospace）が"
              "必要です"},
    "scenario.bt.bluff_once": {
        "en": "BT-BLUFF: each side may hold only one Bluff card per game",
        "ja": "BT-BLUFF：各陣営が1ゲームに持てるブラフカードは1枚だけです"},
    "scenario.bt.fired_now": {
        "en": "artillery in supports is fired this turn ({turn}); shells fired earlier belong "
              "in attack.in_flight (BT-ART.3)",
        "ja": "supportsの砲撃はこのターン（{turn}）に撃つものです。それより前に撃った砲弾は"
              "attack.in_flightに入れてください（BT-ART.3）"},
    "scenario.bt.preplotted_limit": {
        "en": "BT-ART.2: at most {limit} pre-plotted hexes per artillery selection on a "
              "{wide} x {tall} sheets ({cols} x {rows} hexes) map",
        "ja": "BT-ART.2：{wide}×{tall}枚（{cols}×{rows}ヘクス）のマップでは、事前標定ヘクスは"
              "砲兵セレクションごとに{limit}個までです"},
    "scenario.bt.preplotted_twice": {
        "en": "BT-ART.1: hex {hex} is listed twice in selection {selection}; its pre-plotted "
              "hexes are distinct",
        "ja": "BT-ART.1：ヘクス{hex}がセレクション{selection}に2回挙がっています。"
              "事前標定ヘクスはすべて別のヘクスです"},
    "scenario.bt.preplotted_shared": {
        "en": "BT-ART.1: hex {hex} is already pre-plotted by selection {selection}; "
              "selections never share hexes",
        "ja": "BT-ART.1：ヘクス{hex}はすでにセレクション{selection}が事前標定しています。"
              "セレクション同士でヘクスを共有することはありません"},
    "scenario.bt.preplotted_sheet": {
        "en": "BT-ART.2: at most {max} pre-plotted hexes per map sheet (sheet {sheet})",
        "ja": "BT-ART.2：事前標定ヘクスはマップシート1枚につき{max}個までです（シート{sheet}）"},
    "scenario.bt.not_preplotted": {
        "en": "BT-ART.1: not one of the pre-plotted hexes of selection {selection} "
              "(attack.preplotted)",
        "ja": "BT-ART.1：セレクション{selection}の事前標定ヘクス（attack.preplotted）では"
              "ありません"},
}
