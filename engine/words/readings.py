"""The named readings (options) in players' words (engine.readings): each option's name,
``readings.<system>.<option>``, and each alternative's words,
``readings.<system>.<option>.<value>`` (true and false as ``true``/``false``)."""

from __future__ import annotations

from engine.words.entries import Catalogue, Entry

_NAMES: dict[str, dict[str, tuple[tuple[str, str], dict[str, tuple[str, str]]]]] = {
    "robotech": {
        "natural_rolls": (("A natural 6 succeeds and a 1 fails", "出目6で自動成功・1で自動失敗"), {
            "false": ("never: totals decide", "適用しない（合計値で判定）"),
            "strike-and-dodge": ("on the first Strike and the Dodge",
                                 "最初のストライクとドッジで適用"),
            "point-of-impact": ("on the first Strike only", "最初のストライクだけに適用"),
            "true": ("on every Strike and Dodge", "すべてのストライクとドッジで適用")}),
        "dodge_adds_pil": (("Dodge adds the pilot's PIL", "ドッジにパイロットのPILを加える"), {}),
        "template_winding": (("The template's numbers run", "テンプレートの数字の並び"), {
            "clockwise": ("clockwise", "時計回り"),
            "counter-clockwise": ("counter-clockwise", "反時計回り")}),
        "split_volley_miss": (("A divided volley that misses entirely",
                               "複数の目標に分けたボレーが全弾外れたとき"), {
            "separate": ("scatters missile by missile", "ミサイルごとにスキャッターする"),
            "single": ("lands as one template", "テンプレート1枚として落ちる")}),
        "volley_miss_damage": (("That one template deals", "そのテンプレート1枚のダメージ"), {
            "full": ("one missile's full MD", "ミサイル1発分のMD全部"),
            "half": ("half of one missile's MD", "ミサイル1発分のMDの半分")}),
        "impact_halves": (("Roll with Impact halves",
                           "ロール・ウィズ・インパクトで半分になるもの"), {
            "volley": ("the volley's total", "ボレーの合計ダメージ"),
            "missile": ("each missile's damage", "ミサイル1発ごとのダメージ")}),
        "shoot_down_by": (("A missile may be shot down by", "ミサイルを撃ち落とせるメカ"), {
            "under-template": ("any mecha under its template", "テンプレートの下にいるどのメカでも"),
            "would-damage": ("only a mecha it would damage", "そのミサイルがダメージを与えるメカだけ")}),
        "shoot_for_others": (("A mecha shoots down missiles to save its friends",
                              "味方を守るためにもミサイルを撃ち落とす"), {}),
        "shoot_and_dodge": (("A mecha that shot at the missiles may also Dodge them",
                             "ミサイルを撃ち落とそうとしたメカもドッジできる"), {}),
        "inescapable_count": (("Four missiles make a volley Inescapable when",
                               "4発のミサイルでボレーが回避不能になる条件"), {
            "under-template": ("their templates are over the mecha", "テンプレートがメカに重なる"),
            "would-damage": ("they strike it", "メカに命中する")}),
        "impact_minimum": (("The least damage Roll with Impact leaves",
                            "ロール・ウィズ・インパクト後に残る最小ダメージ"), {
            "1": ("1", "1"), "0": ("0", "0")}),
        "line_of_sight": (("Line of sight is blocked by", "射線を遮るもの"), {
            "bases": ("bases, but not those of the firer's squadron",
                      "ベース（射手のスコードロンのものを除く）"),
            "terrain": ("terrain only", "地形だけ")}),
        "command_points": (("Command Points are spent from", "コマンドポイントの出どころ"), {
            "side": ("one pool per side", "陣営ごとの共通プール"),
            "mecha": ("each mecha's own", "各メカ自身のもの")}),
    },
    "heresy": {
        "edition": (("Edition", "版"), {
            "hh2": ("Horus Heresy 2nd edition", "Horus Heresy 第2版"),
            "7th": ("40K 7th edition", "ウォーハンマー40,000 第7版")}),
        "vehicle_facing": (("A vehicle's armour facing is seen from",
                            "ビークルの装甲面を決める基準"), {
            "firer": ("the firer", "射手"), "marker": ("the marker's centre", "マーカーの中心")}),
        "instant_death": (("Instant Death", "インスタント・デス"), {}),
        "pool_order": (("Wound Pools are allocated", "ウーンド・プールを割り振る順"), {
            "best-first": ("best first", "良いものから"),
            "worst-first": ("worst first", "悪いものから")}),
        "ones_reroll_gets_hot": (("Re-rolls of 1s re-roll a Gets Hot 1",
                                  "1の振り直しでゲッツ・ホットの1も振り直す"), {}),
        "allocation": (("Wounds go to", "ウーンドの割り振り先"), {
            "closest": ("the closest model first", "最も近いモデルから"),
            "defender": ("the models the defender chooses", "防御側が選ぶモデル")}),
        "breaching_ap": (("A Breaching wound is", "ブリーチングによるウーンド"), {
            "better": ("AP 2, or the weapon's AP if better", "AP 2（武器のAPの方が良ければそちら）"),
            "literal": ("always AP 2", "常にAP 2")}),
        "hole_mm": (("The marker's centre hole", "マーカー中心の穴"), {
            "0": ("a point (0 mm)", "点（0 mm）"), "3": ("3 mm across", "直径3 mm"),
            "4": ("4 mm across", "直径4 mm"), "5": ("5 mm across", "直径5 mm"),
            "6": ("6 mm across", "直径6 mm")}),
        "mega_zones": (("A Mega-blast's zones are", "メガブラストのゾーン"), {
            "diameters": ("5\", 7\" and 10\" across", "直径5インチ、7インチ、10インチ"),
            "equal-rings": ("three rings of equal width", "同じ幅の3つの輪")}),
        "straddle": (("A model across two zones takes", "2つのゾーンにまたがるモデルが受けるもの"), {
            "wounds-more": ("the profile likelier to cost a Wound",
                            "ウーンドを失いやすい方のプロファイル"),
            "higher-strength": ("the higher Strength", "高い方のS（筋力）"),
            "innermost": ("the innermost zone's", "最も内側のゾーンのもの")}),
    },
    "battletech": {
        "scatter_diagram": (("Scatter direction 1 is north, then", "飛散方向は1が北、そこから"), {
            "north-clockwise": ("clockwise", "時計回り"),
            "north-counter-clockwise": ("counter-clockwise", "反時計回り")}),
        "off_map": (("A scatter off the map", "マップの外への飛散"), {
            "lost": ("has no effect", "効果なし"),
            "area-on-map": ("still reaches the map with its area",
                            "効果範囲がマップに届けば有効")}),
        "split_arc": (("An attack along an arc's boundary uses", "射界の境界線上からの攻撃で使う射界"), {
            "defender": ("the defender's better arc", "防御側に有利な方"),
            "attacker": ("the attacker's arc", "攻撃側の射界")}),
        "artillery_centre": (("A unit in an unscattered shell's hex",
                              "飛散しなかった砲弾のヘクスにいるユニット"), {
            "roll": ("rolls for front or rear", "前方か後方かをロールする"),
            "front": ("takes it in front", "前方で受ける")}),
        "asset_locations": (("Vehicles and other assets take damage",
                             "車両などのアセットが受けるダメージ"), {
            "none": ("without hit locations", "命中部位なし"),
            "mech-table": ("on the 'Mech table", "メックの命中部位表で")}),
        "ae_vs_infantry": (("Area-effect damage against infantry", "歩兵への範囲効果ダメージ"), {
            "2": ("doubled", "2倍"), "1": ("not doubled", "2倍にしない")}),
        "building_damage": (("A building and the unit inside are both damaged by",
                             "建物と中のユニットの両方にダメージを与える攻撃"), {
            "bombing": ("a bombing only", "爆撃だけ"),
            "every-strike": ("every strike", "すべての攻撃")}),
        "submerged_spotter": (("A unit under deep water spots for artillery",
                               "深い水中のユニットも砲撃の観測をする"), {
            "refused": ("no", "いいえ"), "allowed": ("yes", "はい")}),
        "direction_roll": (("Front or rear is rolled", "前方／後方のロール"), {
            "unit": ("for each unit attacked", "攻撃されたユニットごと"),
            "attack": ("once for the whole attack", "攻撃全体で1回")}),
    },
}
"""Per system, per option: its name and each alternative's words, (English, Japanese); an
option of yes or no (true, false) has no alternatives of its own (common.yes, common.no)."""


def _entry(words: tuple[str, str]) -> Entry:
    return {"en": words[0], "ja": words[1]}


MESSAGES: Catalogue = {
    "readings.cited": {"en": "({reading})", "ja": "（{reading}）"},
    "readings.reading": {"en": "reading: {name}: {choice}", "ja": "解釈：{name}：{choice}"},
    "readings.one": {"en": "{name}: {choice}", "ja": "{name}：{choice}"},
    "readings.then": {"en": "{first}; {rest}", "ja": "{first}／{rest}"},
    "readings.as_written": {"en": "Rules as written, every reading at its default",
                            "ja": "ルールどおり（解釈はすべて既定のまま）"},
    "readings.changed": {
        "en": {"one": "Rules as written; {n} reading changed: {readings}",
               "other": "Rules as written; {n} readings changed: {readings}"},
        "ja": "ルールどおり。ただし{n}件の解釈を変更：{readings}"},
    **{f"readings.{system}.{option}": _entry(name)
       for system, options in _NAMES.items() for option, (name, _) in options.items()},
    **{f"readings.{system}.{option}.{value}": _entry(words)
       for system, options in _NAMES.items() for option, (_, choices) in options.items()
       for value, words in choices.items()},
}
