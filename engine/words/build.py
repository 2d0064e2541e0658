"""Messages of building scenarios (engine.build): the Build panel's field labels and their
one-line meanings, the options' meanings, a refused field in players' words, the legality
verdict beside Roll, presets and squads."""

from __future__ import annotations

from engine.words.entries import Catalogue, Entry


def _pairs(prefix: str, words: dict[str, tuple[str, str]]) -> dict[str, Entry]:
    return {f"{prefix}.{key}": {"en": en, "ja": ja} for key, (en, ja) in words.items()}


_LABELS = {
    "x": ('x (")', "x（インチ）"), "y": ('y (")', "y（インチ）"),
    "name": ("Name", "名前"), "side": ("Side", "陣営"), "kind": ("Kind", "種類"),
    "base_mm": ("Base (mm)", "ベース（mm）"), "df": ("DF", "DF"), "gn": ("GN", "GN"),
    "pil": ("PIL", "PIL"), "cp": ("CP", "CP"), "leadership": ("Leadership", "リーダーシップ"),
    "squadron": ("Squadron", "スコードロン"), "mdc": ("MDC", "MDC"),
    "life_is_cheap": ("Life is Cheap", "ライフ・イズ・チープ"),
    "anti_missile": ("Anti-Missile", "アンチミサイル"), "unit": ("Unit", "ユニット"),
    "t": ("T", "T"), "w": ("W", "W"), "sv": ("Sv", "Sv"), "inv": ("Inv", "Inv"),
    "fnp": ("FNP", "FNP"), "cover": ("Cover", "カバー"), "vehicle": ("Vehicle", "ビークル"),
    "hull.w": ('Hull length (")', "車体の長さ（インチ）"),
    "hull.h": ('Hull width (")', "車体の幅（インチ）"),
    "hull.facing": ("Facing (°)", "向き（°）"), "armour.front": ("Front AV", "前面AV"),
    "armour.side": ("Side AV", "側面AV"), "armour.rear": ("Rear AV", "背面AV"),
    "hp": ("Hull Points", "ハルポイント"), "hex": ("Hex", "ヘクス"), "type": ("Type", "タイプ"),
    "facing": ("Facing", "向き"), "weapon": ("Weapon", "武器"), "md": ("MD", "MD"),
    "rg": ('RG (")', "RG（インチ）"), "abilities": ("Abilities", "能力"),
    "volley": ("Volley", "ボレー"), "s": ("S", "S"), "ap": ("AP", "AP"),
    "shots": ("Shots", "ショット数"), "range": ('Range (")', "射程（インチ）"),
    "min_range": ('Minimum range (")', "最短射程（インチ）"),
    "blast": ('Marker (")', "マーカー（インチ）"), "rules": ("Rules", "ルール"),
    "gets_hot": ("Gets Hot", "ゲッツ・ホット"), "twin_linked": ("Twin-linked", "ツインリンク"),
    "breaching": ("Breaching", "ブリーチング"), "attacker": ("Attacker", "攻撃するメカ"),
    "firer": ("Firer", "射手"), "target": ("Target", "目標"), "bs": ("BS", "BS"),
    "reroll": ("Re-roll To Hit", "命中判定の振り直し"),
    "reroll_when": ("Re-roll the scatter when", "スキャッターを振り直す条件"),
    "snap_shot": ("Snap shot", "スナップショット"), "turn": ("Turn", "ターン"),
    "firing_side": ("Firing side", "攻撃側の陣営"),
    "hidden_aerospace": ("Hidden aerospace", "秘匿航空宇宙"),
    "shoot_down": ("Shoot down", "撃ち落とし"), "dodge": ("Dodge", "ドッジ"),
    "roll_with_impact": ("Roll with Impact", "ロール・ウィズ・インパクト"),
}
"""The Build panel's field labels (engine.build.editing), ``build.label.<key>``."""

_HELP = {
    "x": ("inches from the left edge", "左端からのインチ数"),
    "y": ("inches from the top edge", "上端からのインチ数"),
    "name": ("shown on the board", "盤面に表示される名前"),
    "side": ("units of one side are friends", "同じ陣営のユニットは味方どうし"),
    "kind": ("structures have no GN, PIL or Command Points",
             "建造物にはGN、PIL、コマンドポイントがありません"),
    "df": ("a Strike must reach it to damage (RT-6)",
           "ストライクがこの値に届けばダメージを与えます（RT-6）"),
    "gn": ("added to its Strike", "ストライクに加える"),
    "pil": ("added to a Dodge", "ドッジに加える"),
    "cp": ("its own Command Points, read when each mecha spends its own (option)",
           "自分のコマンドポイント（各メカが自分の分を使うオプションのときに使用）"),
    "leadership": ("adds to its side's pool of Command Points",
                   "陣営のコマンドポイントのプールに加わる"),
    "squadron": ("mecha of one squadron do not block each other's line of sight",
                 "同じスコードロンのメカは互いの射線を遮りません"),
    "mdc": ("damage capacity (shown only)", "耐久力（表示のみ）"),
    "life_is_cheap": ("no Command Points to spend", "使えるコマンドポイントなし"),
    "anti_missile": ("may shoot down missiles without a CP",
                     "CPを使わずにミサイルを撃ち落とせる"),
    "unit": ("models with the same unit name are one unit",
             "ユニット名が同じモデルは一つのユニット"),
    "sv": ("armour save", "アーマーセーブ"), "inv": ("invulnerable save", "インヴァルナラブル・セーブ"),
    "fnp": ("Feel No Pain", "フィール・ノー・ペイン"),
    "cover": ("cover save against this attack", "この攻撃に対するカバーセーブ"),
    "hex": ("CCRR, e.g. 0908", "CCRR（例：0908）"),
    "facing": ("0 = north, then clockwise", "0＝北、そこから時計回り"),
    "md": ("damage per missile or shot", "ミサイル1発またはショット1回のダメージ"),
    "volley": ("missiles fired (Volley)", "発射するミサイルの数（ボレー）"),
    "ap": ("none: AP -", "なし：AP -"),
    "blast": ("3 Blast, 5 Large, 7 Massive, 10 Apocalyptic",
              "3 ブラスト、5 ラージ、7 マッシヴ、10 アポカリプティック"),
    "breaching": ("wound rolls of X+ are AP 2", "ウーンドロールがX+ならAP 2"),
    "snap_shot": ("refused (HH-11)", "不可（HH-11）"),
    "hidden_aerospace": ("Bluff cards allowed (BT-HIDDEN)", "ブラフカードを使える（BT-HIDDEN）"),
}
"""One line on what a field means at the table, ``build.help.<key>``."""

_OPTION_HELP = {
    "robotech.natural_rolls": (
        "totals decide every Strike and Dodge; or a natural 6 always succeeds and a 1 always "
        "fails the first Strike and the Dodge; or the first Strike only; or every Strike and "
        "Dodge",
        "すべてのストライクとドッジを合計値で判定する。または最初のストライクとドッジで出目6は"
        "必ず成功・1は必ず失敗とする。または最初のストライクだけ。またはすべてのストライクとドッジ"),
    "robotech.dodge_adds_pil": ("a Dodge is D6 + PIL; off: the D6 alone",
                                "ドッジはD6＋PIL。オフならD6だけ"),
    "robotech.template_winding": ("which way the template's numbers run, seen from above",
                                  "上から見たテンプレートの数字の並ぶ向き"),
    "robotech.split_volley_miss": (
        "a split volley that misses entirely: each missile scatters, or one template",
        "分けたボレーが全弾外れたとき、ミサイルごとにスキャッターするか、テンプレート1枚にするか"),
    "robotech.volley_miss_damage": ("that one template deals one missile's full MD, or half",
                                    "そのテンプレート1枚のダメージは、ミサイル1発分のMD全部か半分か"),
    "robotech.impact_halves": (
        "one Roll with Impact halves the volley's total, or each missile's",
        "1回のロール・ウィズ・インパクトでボレーの合計を半分にするか、ミサイル1発ごとに半分にするか"),
    "robotech.shoot_down_by": (
        "any mecha under the template may shoot a missile down, or only one the missile "
        "would damage",
        "テンプレートの下のどのメカでもミサイルを撃ち落とせるか、そのミサイルがダメージを"
        "与えるメカだけか"),
    "robotech.shoot_for_others": (
        "a mecha shoots down missiles that would damage only its side's others, or only to "
        "save itself",
        "自分の陣営の他のメカだけにダメージを与えるミサイルも撃ち落とすか、自分を守るときだけか"),
    "robotech.shoot_and_dodge": (
        "a mecha that tried to shoot the missiles down may not also Dodge them, or it may "
        "do both",
        "ミサイルを撃ち落とそうとしたメカはドッジできないか、両方できるか"),
    "robotech.inescapable_count": (
        "four missiles make a volley Inescapable when their templates are over the mecha, "
        "or only when they strike it",
        "4発のミサイルでボレーが回避不能になるのは、テンプレートがメカに重なるときか、"
        "メカに命中するときだけか"),
    "robotech.impact_minimum": ("the least a Roll with Impact leaves of any damage: 1, or 0",
                                "ロール・ウィズ・インパクト後に残る最小ダメージ：1か0"),
    "robotech.line_of_sight": (
        "bases block line of sight but those of the firer's squadron, or only terrain does",
        "射手のスコードロン以外のベースが射線を遮るか、地形だけが遮るか"),
    "robotech.command_points": (
        "a side's mecha spend one pool of Command Points, or each its own",
        "陣営のメカが共通のコマンドポイントを使うか、各メカが自分の分を使うか"),
    "heresy.edition": ("Gets Hot on a vehicle glances on 1-2 (HH2) or 1-3 (7th)",
                       "ビークルのゲッツ・ホットは1～2（HH2）か1～3（第7版）でグランシング"),
    "heresy.vehicle_facing": (
        "armour facing seen from the firer, or from the marker's centre",
        "装甲面を射手から見るか、マーカーの中心から見るか"),
    "heresy.instant_death": ("S of at least twice T removes all Wounds, no Feel No Pain",
                             "SがTの2倍以上ならウーンドをすべて失い、フィール・ノー・ペインは不可"),
    "heresy.pool_order": ("which Wound Pool (zone, AP) is allocated first",
                          "どのウーンド・プール（ゾーン、AP）から割り振るか"),
    "heresy.ones_reroll_gets_hot": ("re-roll-1s abilities (BS 6+) re-roll a Gets Hot 1",
                                    "1を振り直せる能力（BS 6+）でゲッツ・ホットの1も振り直す"),
    "heresy.allocation": (
        "each wound to the closest model, or to any model the defender chooses (fewest "
        "models lost)",
        "ウーンドを最も近いモデルに割り振るか、防御側が選ぶモデルに割り振るか"
        "（失うモデルが最も少なくなるように）"),
    "heresy.breaching_ap": (
        "a Breaching wound takes AP 2 or the weapon's AP if better, or always AP 2",
        "ブリーチングのウーンドはAP 2（武器のAPの方が良ければそちら）か、常にAP 2か"),
    "heresy.hole_mm": (
        "the marker's centre hole, in millimetres across (not printed in the rules)",
        "マーカー中心の穴の直径（mm、ルールには書かれていない）"),
    "heresy.mega_zones": (
        "a Mega-blast's 5\"/7\"/10\" zones are diameters, or three rings of equal width",
        "メガブラストの5インチ／7インチ／10インチのゾーンを直径とするか、同じ幅の3つの輪とするか"),
    "heresy.straddle": (
        "a model across Mega-blast zones takes the profile likelier to cost it a Wound, the "
        "higher Strength, or the innermost zone's",
        "メガブラストのゾーンにまたがるモデルが受けるのは、ウーンドを失いやすい方のプロファイルか、"
        "高い方のSか、最も内側のゾーンのものか"),
    "battletech.scatter_diagram": (
        "scatter D6: 1 is map north, then clockwise, or counter-clockwise",
        "飛散のD6：1がマップの北、そこから時計回りか反時計回りか"),
    "battletech.off_map": (
        "a bomb or shell that scatters off the map has no effect, or a shell's area of "
        "effect still reaches the map",
        "マップの外に飛散した爆弾や砲弾は効果なしか、砲弾の効果範囲がマップに届けば有効か"),
    "battletech.split_arc": (
        "an attack on an arc boundary uses the defender's better arc, or the attacker's",
        "射界の境界線上からの攻撃は、防御側に有利な方の射界を使うか、攻撃側の射界を使うか"),
    "battletech.artillery_centre": (
        "a unit in an unscattered shell's hex rolls 1D6 for front or rear, or takes it in "
        "front",
        "飛散しなかった砲弾のヘクスにいるユニットは、前方か後方かを1D6でロールするか、前方で受けるか"),
    "battletech.asset_locations": (
        "vehicles and other assets take damage without hit locations, or on the 'Mech table",
        "車両などのアセットは命中部位なしでダメージを受けるか、メックの命中部位表を使うか"),
    "battletech.ae_vs_infantry": ("area-effect damage multiplier against infantry (BT-RULE.6)",
                                  "歩兵への範囲効果ダメージの倍率（BT-RULE.6）"),
    "battletech.building_damage": (
        "only a bombing damages a building and the unit inside, or every strike does",
        "建物と中のユニットにダメージを与えるのは爆撃だけか、すべての攻撃か"),
    "battletech.submerged_spotter": (
        "a unit under deep water cannot spot for artillery, or it can",
        "深い水中のユニットは砲撃の観測ができないか、できるか"),
    "battletech.direction_roll": (
        "each unit in an attacked hex rolls its own front or rear, or one roll for the whole "
        "attack",
        "攻撃されたヘクスの各ユニットが前方／後方を自分でロールするか、攻撃全体で1回ロールするか"),
}
"""Each option's meaning on the Build panel (the README's option table),
``build.option.<system>.<option>``."""

_PLACES = {
    "targets": ("Missile targets", "ミサイルの目標"), "point": ("Ground point", "地点"),
    "aim": ("Where the hole is placed", "穴を置く位置"), "each_shot": ("Shots", "ショット"),
    "reactions": ("Reactions", "リアクション"), "supports": ("Supports", "サポート"),
    "in_flight": ("Shells in flight", "飛翔中の砲弾"), "air_cover": ("Air Cover", "エアカバー"),
    "preplotted": ("Pre-plotted hexes", "事前標定ヘクス"),
    "held": ("Supports held back", "手元のサポート"), "weapon": ("Weapon", "武器"),
    "table": ("Table", "テーブル"), "map": ("Map", "マップ"), "seed": ("Seed", "シード"),
    "dice": ("Scripted dice", "指定ダイス"), "system": ("System", "システム"),
    "format": ("Format", "形式"), "title": ("Title", "タイトル"), "notes": ("Notes", "ノート"),
    "translations": ("Translations", "翻訳"), "terrain": ("Terrain", "地形"),
    "units": ("Units", "ユニット"), "options": ("Options", "オプション"),
    "attack": ("Attack", "攻撃"), "scenario": ("The scenario", "シナリオ"),
    "share": ("The share link", "共有リンク"), "squad": ("The squad", "部隊"),
    "file": ("The file", "ファイル"),
}
"""The parts of a scenario a refused field may be in, as players name them
(engine.build.fieldwords), ``build.place.<key>``."""

_ITEMS = {
    "targets": ("Missile {n}'s target", "ミサイル{n}の目標"), "each_shot": ("Shot {n}", "ショット{n}"),
    "supports": ("Support {n}", "サポート{n}"), "in_flight": ("Shell {n}", "砲弾{n}"),
    "air_cover": ("Air Cover {n}", "エアカバー{n}"), "dice": ("Scripted die {n}", "指定ダイス{n}"),
    "terrain": ("Terrain feature {n}", "地形{n}"), "sheets": ("Map sheet {n}", "マップシート{n}"),
}
"""A numbered item of a list, counted from 1, ``build.item.<list>``."""

_FIELDS = {
    "width": ("width", "幅"), "height": ("height", "高さ"), "sheets": ("sheets", "シート"),
    "x": ("x", "x"), "y": ("y", "y"), "points": ("points", "頂点"), "target": ("target", "目標"),
    "hexes": ("hexes", "ヘクス"), "kind": ("kind", "種類"), "gun": ("gun", "砲"),
    "fired_turn": ("turn fired", "発射ターン"), "spotted": ("spotted", "観測"),
    "spotter": ("spotter", "観測役"), "spotter_attacked": ("spotter attacked", "観測役の攻撃"),
    "against": ("against", "対象"), "selection": ("selection", "セレクション"),
    "count": ("count", "数"), "shape": ("shape", "形"), "spacing": ("spacing", "間隔"),
    "id": ("id", "ID"), "hull": ("hull", "車体"), "armour": ("armour", "装甲"),
}
"""Fields with no Build-panel label, ``build.field.<key>``."""

_CHOICES = {
    "kind.mecha": ("mecha", "メカ"), "kind.structure": ("structure", "建造物"),
    "type.mech": ("mech", "メック"), "type.vehicle": ("vehicle", "車両"),
    "type.hover": ("hover", "ホバー"), "type.naval": ("naval", "艦艇"),
    "type.infantry": ("infantry", "歩兵"), "type.building": ("building", "建物"),
    "abilities.blast": ("blast", "ブラスト"), "abilities.missile": ("missile", "ミサイル"),
    "abilities.volley": ("volley", "一斉射撃"),
    "abilities.indirect_fire": ("indirect fire", "間接射撃"),
    "abilities.overwhelming": ("overwhelming", "圧倒"),
    "abilities.inescapable": ("inescapable", "回避不能"),
    "rules.ordnance": ("ordnance", "オードナンス"),
    "reroll.none": ("none", "なし"), "reroll.full": ("full", "すべて"),
    "reroll.ones": ("ones", "1の目だけ"),
    "reroll_when.best": ("best", "有利なとき"),
    "reroll_when.target-missed": ("target missed", "目標を外したとき"),
    "reroll_when.missed-or-friendly": ("missed or friendly", "外したか味方にかかったとき"),
    "reroll_when.never": ("never", "振り直さない"),
}
"""How the choices of a Build-panel field read, ``build.choice.<key>.<choice>`` (the
English as the scenario writes them, hyphens and underscores as spaces)."""

MESSAGES: Catalogue = {
    **_pairs("build.label", _LABELS),
    **_pairs("build.choice", _CHOICES),
    **_pairs("build.help", _HELP),
    **_pairs("build.option", _OPTION_HELP),
    **_pairs("build.place", _PLACES),
    **_pairs("build.item", _ITEMS),
    **_pairs("build.field", _FIELDS),
    # a refused field in players' words (engine.build.fieldwords)
    "build.unit_n": {"en": "unit {n}", "ja": "ユニット{n}"},
    "build.unit_n.start": {"en": "Unit {n}", "ja": "ユニット{n}"},
    "build.said.field_predicate": {"en": "{who}: {field} {reason}", "ja": "{who}：{field}は{reason}"},
    "build.said.field_sentence": {"en": "{who}: {field}: {reason}", "ja": "{who}：{field}：{reason}"},
    "build.said.predicate": {"en": "{who} {reason}", "ja": "{who}は{reason}"},
    "build.said.sentence": {"en": "{who}: {reason}", "ja": "{who}：{reason}"},
    "build.said.note": {"en": "{field} {reason}.", "ja": "{field}は{reason}。"},
    "build.kind.whole_number": {"en": "a whole number", "ja": "整数"},
    "build.reason.boolean": {"en": "must be yes or no", "ja": "「はい」か「いいえ」にしてください"},
    "build.reason.unknown_field": {"en": "is not a known field", "ja": "不明な項目です"},
    "build.reason.number": {"en": "must be a number ({text})", "ja": "数値にしてください（{text}）"},
    "build.reason.whole_number": {"en": "must be a whole number", "ja": "整数にしてください"},
    # presets, squads and the command line's building (engine.build.presets, squads, cli)
    "build.starter_title": {"en": "My attack", "ja": "わたしの攻撃"},
    "build.preset.none": {"en": "has no preset {id}", "ja": "にプリセット{id}はありません"},
    "build.preset.object": {"en": "must be an object with \"system\": {system}",
                            "ja": "\"system\": {system} を持つオブジェクトにしてください"},
    "build.preset.sources": {"en": "must name the source of every block",
                             "ja": "すべてのブロックの出典を挙げてください"},
    "build.preset.unknown_keys": {"en": "unknown keys {keys}", "ja": "不明なキー {keys}"},
    "build.preset.source": {"en": "must be one of the file's sources",
                            "ja": "ファイルの出典のどれかにしてください"},
    "build.preset.duplicate": {"en": "duplicate preset id {id}",
                               "ja": "プリセットID {id} が重複しています"},
    "build.preset.no_system": {"en": "has no presets: {system}",
                               "ja": "にはプリセットがありません：{system}"},
    "build.squad.hexes": {"en": "BattleTech units stand in hexes: add them one by one",
                          "ja": "BattleTechのユニットはヘクスに立つので、1体ずつ加えてください"},
    "build.squad.spacing": {"en": "must be a gap from 0 to 12 inches",
                            "ja": "0～12インチの間隔にしてください"},
    "build.squad.empty": {"en": "no model belongs to the unit {unit}",
                          "ja": "ユニット{unit}に属するモデルがありません"},
    "build.cli.file": {"en": "give the scenario file to build on",
                       "ja": "元にするシナリオファイルを指定してください"},
    "build.cli.next_turn": {
        "en": "next-turn is BattleTech's (BT-ART.3); this scenario is {system}",
        "ja": "next-turnはBattleTechのものです（BT-ART.3）。このシナリオは{system}です"},
    "build.cli.count": {"en": "must be from 1 to {max}", "ja": "1～{max}にしてください"},
    "build.cli.hex": {"en": "BattleTech units stand in hexes: give --hex",
                      "ja": "BattleTechのユニットはヘクスに立つので、--hexを指定してください"},
    # the Build panel (web/page/build/panel.py)
    "build.panel.new": {"en": "New", "ja": "新規"},
    "build.panel.not_number": {"en": "{what} must be a number", "ja": "{what}は数値にしてください"},
    **_pairs("build.panel.what", {
        "x": ("x", "x"), "y": ("y", "y"), "count": ("The number of models", "モデルの数"),
        "gap": ("The gap", "間隔"), "angle": ("The angle", "角度"),
        "point_x": ("The ground point's x", "地点のx"), "point_y": ("The ground point's y", "地点のy"),
        "hole_x": ("The hole's x", "穴のx"), "hole_y": ("The hole's y", "穴のy")}),
    "build.panel.in_use": {"en": "{unit} is the attack's {role}: pick another {role} first.",
                           "ja": "{unit}はこの攻撃の{role}です。先に別の{role}を選んでください。"},
    **_pairs("build.panel.role", {"target": ("target", "目標"), "firer": ("firer", "射手"),
                                  "attacker": ("attacker", "攻撃側")}),
    "build.panel.unapplied": {"en": "The scenario JSON has an edit you have not applied.",
                              "ja": "シナリオのJSONに、まだ適用していない編集があります。"},
    "build.panel.unapplied.drop": {"en": "Drop it and open the demo",
                                   "ja": "編集を捨ててデモを開く"},
    "build.panel.unapplied.keep": {"en": "Keep my edit", "ja": "編集を残す"},
    "build.panel.new.title": {"en": "Start a new attack on an empty board",
                              "ja": "空の盤面で新しい攻撃を始める"},
    "build.panel.undo": {"en": "Undo", "ja": "元に戻す"},
    "build.panel.redo": {"en": "Redo", "ja": "やり直す"},
    "build.panel.preset_of": {"en": "{kind} preset", "ja": "{kind}のプリセット"},
    "build.panel.kind.units": {"en": "units", "ja": "ユニット"},
    "build.panel.kind.weapons": {"en": "weapons", "ja": "武器"},
    "build.panel.kind.buildings": {"en": "buildings", "ja": "建物"},
    "build.panel.kind.supports": {"en": "supports", "ja": "サポート"},
    "build.panel.tons": {"en": "{label} ({tons} t)", "ja": "{label}（{tons}トン）"},
    "build.panel.add_units": {"en": "Add units", "ja": "ユニットを追加"},
    "build.panel.preset": {"en": "Preset", "ja": "プリセット"},
    "build.panel.side_new": {"en": "Side of the new units", "ja": "新しいユニットの陣営"},
    "build.panel.hex_new": {"en": "Hex of the new unit", "ja": "新しいユニットのヘクス"},
    "build.panel.add_unit": {"en": "Add unit", "ja": "ユニットを追加"},
    "build.panel.building": {"en": "Building", "ja": "建物"},
    "build.panel.add_building": {"en": "Add building at the hex", "ja": "そのヘクスに建物を追加"},
    "build.panel.x_new": {"en": "x of the new units", "ja": "新しいユニットのx"},
    "build.panel.y_new": {"en": "y of the new units", "ja": "新しいユニットのy"},
    "build.panel.models": {"en": "Models", "ja": "モデル数"},
    "build.panel.how_many": {"en": "How many models", "ja": "モデルの数"},
    "build.panel.formation": {"en": "Formation", "ja": "隊形"},
    "build.panel.shape.line": {"en": "a line", "ja": "横一列"},
    "build.panel.shape.ranks": {"en": "two ranks", "ja": "2列"},
    "build.panel.shape.blob": {"en": "a blob", "ja": "かたまり"},
    "build.panel.gap": {"en": 'Gap (")', "ja": "間隔（インチ）"},
    "build.panel.gap_between": {"en": "Gap between bases", "ja": "ベースどうしの間隔"},
    "build.panel.angle": {"en": "Angle (°)", "ja": "角度（°）"},
    "build.panel.angle_of": {"en": "Direction of the line", "ja": "列の向き"},
    "build.panel.add_models": {"en": "Add N models", "ja": "指定した数のモデルを追加"},
    "build.panel.units": {"en": "Units — tap one to edit it", "ja": "ユニット — タップして編集"},
    "build.panel.selected": {"en": "Selected: {who}", "ja": "選択中：{who}"},
    "build.panel.make_attacker": {"en": "Make attacker", "ja": "攻撃側にする"},
    "build.panel.make_target": {"en": "Make target", "ja": "目標にする"},
    "build.panel.duplicate": {"en": "Duplicate", "ja": "複製"},
    "build.panel.delete": {"en": "Delete", "ja": "削除"},
    "build.panel.move_all": {"en": "Move all {n} of its unit", "ja": "ユニットの{n}体をまとめて動かす"},
    "build.panel.move_all.title": {
        "en": "Dragging a model and the arrow keys move every model of its unit together",
        "ja": "モデルのドラッグと矢印キーで、そのユニットのモデルすべてを一緒に動かします"},
    "build.panel.attack": {"en": "Attack", "ja": "攻撃"},
    "build.panel.weapon_preset": {"en": "Weapon preset", "ja": "武器のプリセット"},
    "build.panel.use_weapon": {"en": "Use this weapon", "ja": "この武器を使う"},
    "build.panel.weapon": {"en": "Weapon", "ja": "武器"},
    "build.panel.option": {"en": "Option", "ja": "オプション"},
    "build.panel.targets": {"en": "Targets, one per missile (the first is the primary)",
                            "ja": "目標（ミサイル1発ごと、最初が主目標）"},
    "build.panel.missile_target": {"en": "Missile {n} target", "ja": "ミサイル{n}の目標"},
    "build.panel.missile": {"en": "Missile {n}", "ja": "ミサイル{n}"},
    "build.panel.ground_point": {"en": "ground point", "ja": "地点"},
    "build.panel.same_as_first": {"en": "same as missile 1", "ja": "ミサイル1と同じ"},
    "build.panel.point_x": {"en": 'Ground point x (")', "ja": "地点のx（インチ）"},
    "build.panel.point_y": {"en": 'Ground point y (")', "ja": "地点のy（インチ）"},
    "build.panel.point_x.label": {"en": "Ground point x", "ja": "地点のx"},
    "build.panel.point_y.label": {"en": "Ground point y", "ja": "地点のy"},
    "build.panel.remove": {"en": "Remove", "ja": "外す"},
    "build.panel.remove_support": {"en": "Remove support {n}", "ja": "サポート{n}を外す"},
    "build.panel.support": {"en": "Support", "ja": "サポート"},
    "build.panel.support_hex": {"en": "Target hex (strafing: 1 to 5 hexes, commas)",
                                "ja": "目標ヘクス（掃射は1～5ヘクスをカンマ区切りで）"},
    "build.panel.support_hex.label": {"en": "Support target hex", "ja": "サポートの目標ヘクス"},
    "build.panel.strafe": {"en": "Draw a strafing run on the map", "ja": "マップ上に掃射を描く"},
    "build.panel.strafe.title": {"en": "A drag across 1 to 5 hexes fills in the run's hexes",
                                 "ja": "1～5ヘクスをドラッグすると掃射のヘクスが入ります"},
    "build.panel.add_support": {"en": "Add support", "ja": "サポートを追加"},
    "build.panel.next_turn": {"en": "Next turn", "ja": "次のターン"},
    "build.panel.next_turn.title": {
        "en": "A new turn with new dice: shells in flight land, damage stays",
        "ja": "新しいダイスで新しいターンへ：飛翔中の砲弾が着弾し、ダメージは残ります"},
    "build.panel.spotted_yes": {"en": "Yes, spotted", "ja": "はい、観測する"},
    "build.panel.spotted_no": {"en": "No", "ja": "いいえ"},
    "build.panel.next_spotted": {"en": "Next turn, spotted", "ja": "次のターン（観測あり）"},
    "build.panel.next_unspotted": {"en": "Next turn, not spotted", "ja": "次のターン（観測なし）"},
    "build.panel.spot_question": {
        "en": "Turn {turn}: does a friendly unit spot hex {hex} as the {gun} lands?",
        "ja": "ターン{turn}：{gun}が着弾するとき、味方のユニットがヘクス{hex}を観測していますか？"},
    "build.panel.answer_turn": {"en": "{answer}: turn {turn}", "ja": "{answer}：ターン{turn}"},
    "build.panel.scripted_dice": {"en": "scripted dice", "ja": "指定ダイス"},
    "build.panel.seed": {"en": "seed {seed}", "ja": "シード{seed}"},
    "build.panel.turn": {"en": "Turn {turn} ({seed})", "ja": "ターン{turn}（{seed}）"},
    "build.panel.turn_earlier": {
        "en": {"one": "Turn {turn} ({seed}) · {n} earlier turn",
               "other": "Turn {turn} ({seed}) · {n} earlier turns"},
        "ja": "ターン{turn}（{seed}）・それまでの{n}ターン"},
    "build.panel.preplotted": {"en": "Pre-plotted hexes (BT-ART.1: a shot at one hits)",
                               "ja": "事前標定ヘクス（BT-ART.1：そこへの射撃は命中する）"},
    "build.panel.preplot_gun": {"en": "Artillery selection to pre-plot",
                                "ja": "事前標定する砲兵セレクション"},
    "build.panel.selection": {"en": "Selection", "ja": "セレクション"},
    "build.panel.its_hexes": {"en": "Its hexes (commas)", "ja": "そのヘクス（カンマ区切り）"},
    "build.panel.its_hexes.label": {"en": "Pre-plotted hexes of the {gun}",
                                    "ja": "{gun}の事前標定ヘクス"},
    "build.panel.preplot_tool": {"en": "Tap hexes to pre-plot", "ja": "タップしてヘクスを事前標定"},
    "build.panel.preplot_tool.title": {
        "en": "Each tap on the map adds a hex to the selection, or takes it back",
        "ja": "マップをタップするたびに、ヘクスをセレクションに加えるか外します"},
    "build.panel.options": {"en": "Options (readings where the rules are silent)",
                            "ja": "オプション（ルールが明記していない点の解釈）"},
    "build.panel.holes": {"en": "Where the hole is placed", "ja": "穴を置く位置"},
    "build.panel.shot": {"en": "shot {shots}", "ja": "ショット{shots}"},
    "build.panel.shots": {"en": "shots {shots}", "ja": "ショット{shots}"},
    "build.panel.support_row": {"en": "{i}. {kind} at {where}", "ja": "{i}. {kind}：{where}"},
    "build.panel.support_row.gun": {"en": "{i}. {kind} ({gun}) at {where}",
                                    "ja": "{i}. {kind}（{gun}）：{where}"},
    "build.panel.in_flight": {"en": "In flight: {gun} at {target}, fired turn {turn}",
                              "ja": "飛翔中：{gun}、目標{target}、発射ターン{turn}"},
    **_pairs("build.panel.support_kind", {
        "light_strike": ("light strike", "軽空襲"), "heavy_strike": ("heavy strike", "重空襲"),
        "light_bombing": ("light bombing", "軽爆撃"), "heavy_bombing": ("heavy bombing", "重爆撃"),
        "strafing": ("strafing", "掃射"), "artillery": ("artillery", "砲撃"),
        "bluff": ("bluff", "ブラフ")}),
    **_pairs("build.panel.gun", {"thumper": ("thumper", "サンパー"),
                                 "sniper": ("sniper", "スナイパー"),
                                 "long_tom": ("long tom", "ロングトム")}),
    "build.panel.hole_axis": {"en": "Hole {axis}, {name}", "ja": "穴の{axis}、{name}"},
    "build.panel.hole_axis.label": {"en": 'Hole {axis} ("), {name}',
                                    "ja": "穴の{axis}（インチ）、{name}"},
    # the verdict beside Roll (engine.build.legality)
    "build.verdict.legal": {"en": "Legal: ready to roll.", "ja": "ルール上問題ありません。ロールできます。"},
    "build.verdict.not_yet": {"en": "Not yet: {words}", "ja": "まだロールできません：{words}"},
    "build.verdict.illegal": {"en": "Illegal — {clause}: {reason}",
                              "ja": "ルール違反 — {clause}：{reason}"},
    "build.verdict.illegal_worded": {"en": "Illegal — {clause} ({clause_words}): {reason}",
                                     "ja": "ルール違反 — {clause}（{clause_words}）：{reason}"},
}
