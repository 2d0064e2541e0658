"""Messages of what is drawn and summed up (engine.render), the odds and Best aim."""

from __future__ import annotations

from engine.words.entries import Catalogue

_SUMMARY: Catalogue = {
    # a unit's state while stepping (engine.render.summary.STATE_WORDS)
    "render.state.hit": {"en": "hit", "ja": "命中"},
    "render.state.damaged": {"en": "damaged", "ja": "ダメージ"},
    "render.state.dodged": {"en": "dodged", "ja": "回避"},
    "render.state.shot-down": {"en": "shot down", "ja": "撃墜"},
    "render.state.saved": {"en": "saved", "ja": "セーヴ成功"},
    "render.state.missed": {"en": "missed", "ja": "外れ"},
    "render.state.untouched": {"en": "untouched", "ja": "無傷"},
    # Robotech reactions (RT-6 to RT-11)
    "render.reaction.dodge": {"en": "dodged", "ja": "回避した"},
    "render.reaction.dodge-failed": {"en": "failed to dodge", "ja": "回避に失敗"},
    "render.reaction.roll-with-impact": {"en": "rolled with the impact",
                                         "ja": "ロール・ウィズ・インパクト"},
    "render.reaction.shoot-down": {"en": "shot a missile down", "ja": "ミサイルを撃墜"},
    "render.reaction.shoot-down-failed": {"en": "failed to shoot a missile down",
                                          "ja": "ミサイルの撃墜に失敗"},
    # the pieces of a unit's line
    "render.unit_line": {"en": "{unit}: {what}", "ja": "{unit}：{what}"},
    "render.parts_outcome": {"en": "{parts}: {outcome}", "ja": "{parts}：{outcome}"},
    "render.list": {"en": "{items}", "ja": "{items}"},
    "render.and": {"en": "{items} and {last}", "ja": "{items}と{last}"},
    "render.and_then": {"en": "{items} and {last}", "ja": "{items}、{last}"},
    "render.under": {"en": {"one": "under {n} template", "other": "under {n} templates"},
                     "ja": "テンプレート{n}枚が重なった"},
    "render.cp_spent": {"en": "{n} CP spent", "ja": "{n} CP消費"},
    "render.damage": {"en": "{n} damage", "ja": "{n}ダメージ"},
    "render.no_damage": {"en": "no damage", "ja": "ダメージなし"},
    "render.hit_no_damage": {"en": "hit, no damage", "ja": "命中、ダメージなし"},
    "render.damage_at": {"en": "{n} damage ({where})", "ja": "{n}ダメージ（{where}）"},
    "render.location": {"en": "{location} {n}", "ja": "{location}{n}"},
    "render.hits": {"en": {"one": "{n} hit", "other": "{n} hits"}, "ja": "命中{n}"},
    "render.glancing": {"en": "{n} glancing", "ja": "グランシング{n}"},
    "render.penetrating": {"en": "{n} penetrating", "ja": "ペネトレイティング{n}"},
    "render.wrecked": {"en": "wrecked", "ja": "撃破"},
    "render.hull_points_lost": {"en": {"one": "{n} Hull Point lost",
                                       "other": "{n} Hull Points lost"},
                                "ja": "ハルポイント{n}喪失"},
    "render.no_hull_point_lost": {"en": "no Hull Point lost", "ja": "ハルポイント喪失なし"},
    "render.wounds": {"en": {"one": "{n} wound", "other": "{n} wounds"}, "ja": "負傷{n}"},
    "render.saved": {"en": "{n} saved", "ja": "セーヴ成功{n}"},
    "render.ignored": {"en": "{n} ignored", "ja": "無効化{n}"},
    "render.gets_hot": {"en": "the weapon Gets Hot", "ja": "武器が過熱"},
    "render.removed": {"en": "removed", "ja": "除去"},
    "render.wounds_lost": {"en": {"one": "{n} Wound lost", "other": "{n} Wounds lost"},
                           "ja": "傷{n}を失った"},
    "render.no_wound_lost": {"en": "no Wound lost", "ja": "傷は失わず"},
    # Robotech: which templates came down on a unit (engine.render.summary.reach_words)
    "render.missiles": {"en": "missiles {numbers}", "ja": "ミサイル{numbers}"},
    "render.landed_on": {"en": "{what} landed on", "ja": "{what}が着弾"},
    "render.scattered_onto": {"en": "{what} scattered {distance} onto",
                              "ja": "{what}が{distance}スキャッターして着弾"},
    "render.reached": {"en": "{reach!c} {unit}: {what}", "ja": "{unit}に{reach}：{what}"},
    "render.scattered_on_no_unit": {"en": "{what!c} scattered {distance} and came down on no unit",
                                    "ja": "{what}は{distance}スキャッターし、どのユニットにも落ちなかった"},
    "render.landed_on_no_unit": {"en": "{what!c} landed on no unit",
                                 "ja": "{what}はどのユニットにも落ちなかった"},
    # which dice
    "render.scripted_dice": {"en": "scripted dice ({n})", "ja": "指定ダイス（{n}個）"},
    "render.seed": {"en": "seed {seed}", "ja": "シード{seed}"},
    # the result as players count it (engine.render.tally)
    "render.squad": {"en": "{name} squad", "ja": "{name}分隊"},
    "render.squad_n": {"en": "{name} squad {n}", "ja": "{name}第{n}分隊"},
    "render.squad_id": {"en": "{words!c}", "ja": "{words}"},
    "render.models_removed": {"en": "{n} removed ({models})", "ja": "{n}体除去（{models}）"},
    "render.wounds_lost_none_removed": {
        "en": {"one": "{n} Wound lost, no model removed",
               "other": "{n} Wounds lost, no model removed"},
        "ja": "傷{n}を失ったが、除去されたモデルなし"},
    "render.no_model_removed": {"en": "no model removed", "ja": "除去されたモデルなし"},
    "render.support": {"en": "support", "ja": "戦場支援"},
    "render.by_support": {"en": "{line}, by the {support}", "ja": "{line}（{support}による）"},
    "render.support_damage": {"en": "{support}: {n} damage", "ja": "{support}：{n}ダメージ"},
    "render.support_damage_at": {"en": "{support}: {n} damage ({where})",
                                 "ja": "{support}：{n}ダメージ（{where}）"},
    "render.idle_support": {"en": "{support}: no unit damaged",
                            "ja": "{support}：ダメージを受けたユニットなし"},
    "render.idle_support_why": {"en": "{support}: no unit damaged ({why})",
                                "ja": "{support}：ダメージを受けたユニットなし（{why}）"},
    "render.not_rolled": {"en": "Not rolled yet.", "ja": "まだ振っていません。"},
    "render.nothing_hit": {"en": "Nothing was hit.", "ja": "何にも命中しませんでした。"},
    "render.sentence_separator": {"en": "; ", "ja": "。"},
    "render.sentences": {"en": "{text}.", "ja": "{text}。"},
    "render.with_bsp": {"en": "{result} Battlefield Support Points spent: {spent}.",
                        "ja": "{result}戦場支援ポイント（BSP）の消費：{spent}。"},
}

_ODDS: Catalogue = {
    "render.badge.removed": {"en": "chance the model is removed",
                             "ja": "モデルが除去される確率"},
    "render.badge.damaged": {"en": "chance the unit takes damage",
                             "ja": "ユニットがダメージを受ける確率"},
    "render.odds.at_least_removed": {"en": "at least {n} removed: {chance}",
                                     "ja": "{n}体以上除去 {chance}"},
    "render.odds.none_reached": {"en": "No unit can be reached.",
                                 "ja": "届くユニットはありません。"},
    "render.odds.lead": {"en": "{unit}: damaged {damaged}, {average} damage on average",
                         "ja": "{unit}：ダメージ率{damaged}、平均ダメージ{average}"},
    "render.odds.lead_destroyed": {
        "en": "{unit}: damaged {damaged}, {average} damage on average, destroyed {destroyed}",
        "ja": "{unit}：ダメージ率{damaged}、平均ダメージ{average}、破壊率{destroyed}"},
    "render.odds.idle": {"en": "Nothing at stake (0 % everywhere): {units}",
                         "ja": "影響なし（すべて0 %）：{units}"},
    "render.odds.head.unit": {"en": "Unit", "ja": "ユニット"},
    "render.odds.head.model": {"en": "Model", "ja": "モデル"},
    "render.odds.head.hit": {"en": "Chance of a hit", "ja": "命中率"},
    "render.odds.head.damage": {"en": "Chance of damage", "ja": "ダメージ率"},
    "render.odds.head.damage_mean": {"en": "Average damage", "ja": "平均ダメージ"},
    "render.odds.head.destroyed": {"en": "Chance destroyed", "ja": "破壊率"},
    "render.odds.head.removed_mean": {"en": "Models removed, on average",
                                      "ja": "除去モデル数の期待値"},
    "render.odds.head.removed_1": {"en": "At least 1 removed", "ja": "1体以上除去"},
    "render.odds.head.wound": {"en": "Chance of losing a Wound", "ja": "傷を失う確率"},
    "render.odds.head.wounds_mean": {"en": "Wounds lost, on average", "ja": "失う傷の期待値"},
}

_KEY: Catalogue = {
    "render.key.title": {"en": "Key: {entries}", "ja": "凡例：{entries}"},
    "render.key.separator": {"en": "; ", "ja": "／"},
    "render.key.side": {"en": "side: {side}", "ja": "陣営：{side}"},
    "render.key.preview": {"en": "aimed here, before Roll (blue, dashed)",
                           "ja": "ロール前の狙い（青の破線）"},
    "render.key.under": {"en": "friendly unit under the aim (red outline)",
                         "ja": "狙いの下にいる味方ユニット（赤の輪郭）"},
    "render.key.final": {"en": "where the template (marker) came down",
                         "ja": "テンプレート（マーカー）が落ちた位置"},
    "render.key.aim": {"en": "where it was aimed (dashed)", "ja": "狙った位置（破線）"},
    "render.key.arrow": {"en": "scatter: direction and distance",
                         "ja": "スキャッター：方向と距離"},
    "render.key.hex-preview": {"en": "aimed here, before Roll (blue)",
                               "ja": "ロール前の狙い（青）"},
    "render.key.target": {"en": "target hex", "ja": "目標ヘクス"},
    "render.key.hit": {"en": "hex hit", "ja": "命中したヘクス"},
    "render.key.scatter": {"en": "scattered into", "ja": "飛散先"},
    "render.key.aoe": {"en": "area of effect", "ja": "効果範囲"},
    "render.key.strafe": {"en": "strafed hex", "ja": "掃射されたヘクス"},
    "render.key.heat": {"en": "where the marker lands: darker is likelier",
                        "ja": "マーカーの落下位置：濃いほど可能性が高い"},
}

_EXPORT: Catalogue = {
    "render.export.not_rolled": {"en": "{system} · not rolled yet · {dice}",
                                 "ja": "{system} · 未ロール · {dice}"},
    "render.export.scripted": {"en": "{system} · scripted dice: {dice}",
                               "ja": "{system} · 指定ダイス：{dice}"},
    "render.export.dice": {"en": "{system} · {dice}", "ja": "{system} · {dice}"},
    "render.export.odds": {"en": "Odds: {lead}", "ja": "確率：{lead}"},
    "render.export.untitled": {"en": "Scatterlab scenario", "ja": "Scatterlabのシナリオ"},
    "render.export.result": {"en": "Result", "ja": "結果"},
    "render.export.odds_heading": {"en": "Odds", "ja": "確率"},
    "render.export.made_with": {"en": "Made with Scatterlab · {address}",
                                "ja": "Scatterlabで作成 · {address}"},
}

_CHART: Catalogue = {
    "render.chart.damage": {"en": "damage", "ja": "ダメージ"},
    "render.chart.hits": {"en": "hits", "ja": "命中数"},
    "render.chart.removed": {"en": "models removed", "ja": "除去モデル数"},
    "render.chart.templates": {"en": "templates over it", "ja": "重なったテンプレート数"},
    "render.chart.groups": {"en": "damage groups", "ja": "ダメージ値グループ数"},
    "render.chart.value": {"en": "{value}: {chance}", "ja": "{value}：{chance}"},
    "render.chart.title": {"en": "Odds of {what}: {values}", "ja": "{what}の確率：{values}"},
    "render.chart.bar": {"en": "{value} {what}: {chance}", "ja": "{what} {value}：{chance}"},
    "render.chart.bar_at_least": {
        "en": "{value} {what}: {chance}, at least {value}: {at_least}",
        "ja": "{what} {value}：{chance}（{value}以上：{at_least}）"},
}

_BOARD: Catalogue = {
    "render.title": {"en": "{unit} ({state})", "ja": "{unit}（{state}）"},
    "render.title.hit": {"en": "hit", "ja": "命中"},
    "render.title.damaged": {"en": "damaged", "ja": "ダメージ"},
    "render.title.dodged": {"en": "dodged", "ja": "回避"},
    "render.title.shot-down": {"en": "shot-down", "ja": "撃墜"},
    "render.title.saved": {"en": "saved", "ja": "セーヴ成功"},
    "render.title.missed": {"en": "missed", "ja": "外れ"},
    "render.title.untouched": {"en": "untouched", "ja": "無傷"},
    "render.title.under-aim": {"en": "under-aim", "ja": "狙いの下"},
    "render.aimed.missile": {"en": "missile {n}", "ja": "ミサイル{n}"},
    "render.aimed.missile_run": {"en": "missiles {first}\u2013{last}",
                                 "ja": "ミサイル{first}\uff5e{last}"},
    "render.reach_max": {"en": '{range}" max', "ja": '最大{range}"'},
    "render.kind.mech": {"en": "M", "ja": "メ"},
    "render.kind.vehicle": {"en": "V", "ja": "車"},
    "render.kind.infantry": {"en": "I", "ja": "歩"},
    "render.kind.building": {"en": "B", "ja": "建"},
}

_MONTE_CARLO: Catalogue = {
    "render.mc.note": {
        "en": "Monte Carlo with {trials} runs {reason}: every probability within "
              "+/- {half_width:.4f} (95 %)",
        "ja": "モンテカルロ法（{trials}回試行）は{reason}：すべての確率の誤差は"
              "±{half_width:.4f}以内（95 %）"},
    "render.mc.precision": {"en": "reached the precision target of +/- {precision:g}",
                            "ja": "目標精度±{precision:g}に達した"},
    "render.mc.time": {"en": "stopped at the time limit asked for, {seconds:g} s",
                       "ja": "指定の制限時間{seconds:g}秒で止まった"},
    "render.mc.trials": {"en": "ran its cap of runs", "ja": "試行回数の上限まで実行した"},
    "render.mc.after_exact": {"en": "{why}; {note}", "ja": "{why}。{note}"},
    "render.mc.too_large": {"en": "exact enumeration too large ({limit})",
                            "ja": "厳密な全数計算は大きすぎます（{limit}）"},
    "render.mc.states": {"en": "more than {limit} states", "ja": "{limit}状態を超える"},
    "render.mc.steps": {"en": "more than {limit} steps", "ja": "{limit}ステップを超える"},
    "render.mc.clock": {
        "en": "more than {limit} s, the safety clock, which depends on this machine's speed",
        "ja": "安全のための制限時間{limit}秒を超える（この機械の速さによる）"},
    "render.mc.paths": {"en": "more than {limit} dice paths", "ja": "ダイスの経路が{limit}通りを超える"},
}

_AIM: Catalogue = {
    "render.aim.damage": {"en": "expected enemy damage", "ja": "敵へのダメージ期待値"},
    "render.aim.destroyed": {"en": "expected enemy units destroyed",
                             "ja": "敵ユニット破壊数の期待値"},
    "render.aim.hits": {"en": {"one": "chance of at least {n} hit on one enemy unit",
                               "other": "chance of at least {n} hits on one enemy unit"},
                        "ja": "敵ユニット1つに{n}回以上命中する確率"},
    "render.aim.destroy": {"en": "chance of destroying {unit}", "ja": "{unit}を破壊する確率"},
    "render.aim.no_such_unit": {"en": "objective {objective}: no unit has the id {unit}",
                                "ja": "目標{objective}：ID {unit}のユニットはありません"},
    "render.aim.unknown_objective": {
        "en": "unknown objective {objective}: damage, destroyed, destroy:<unit id> or "
              "hits:<N> (N from 1 to 1000)",
        "ja": "不明な目標{objective}：damage、destroyed、destroy:<ユニットID>、hits:<N>"
              "（Nは1～1000）のいずれかです"},
}

_RULES: Catalogue = {
    "render.family.RT": {"en": "Robotech RPG Tactics: Blast",
                         "ja": "Robotech RPG Tactics：ブラスト"},
    "render.family.HH": {"en": "Warhammer 40K / Horus Heresy: Blast",
                         "ja": "Warhammer 40K / Horus Heresy：ブラスト"},
    "render.family.BT": {"en": "BattleTech: Battlefield Support", "ja": "BattleTech：戦場支援"},
    "render.refusal.strafe_gap": {"en": "strafing only {first} and {last}, with a gap between them",
                                  "ja": "{first}と{last}だけを掃射し、間を空ける"},
    "render.refusal.bluff": {"en": "the Bluff card kept without the hidden aerospace rule",
                             "ja": "隠蔽された気圏戦力のルールなしでブラフ・カードを残す"},
    "render.refusal.preplotted": {
        "en": "{n} pre-plotted hexes for the {name} (this map allows {limit})",
        "ja": "{name}の事前砲撃指定ヘクスを{n}個にする（このマップでは{limit}個まで）"},
}

_CLI: Catalogue = {
    "render.cli.effects": {"en": "Effects:", "ja": "効果："},
    "render.cli.result": {"en": "Result:", "ja": "結果："},
    "render.cli.method.exact": {"en": "method: exact", "ja": "計算方法：厳密計算"},
    "render.cli.method.monte-carlo": {"en": "method: monte-carlo ({trials} trials)",
                                      "ja": "計算方法：モンテカルロ法（{trials}回試行）"},
    "render.cli.stopped": {"en": "{head}, stop: {stop}, half_width: {half_width:.4f}",
                           "ja": "{head}、停止理由：{stop}、誤差：±{half_width:.4f}"},
    "render.cli.stop.precision": {"en": "precision", "ja": "精度"},
    "render.cli.stop.time": {"en": "time", "ja": "制限時間"},
    "render.cli.stop.trials": {"en": "trials", "ja": "試行回数"},
    "render.cli.p_hit": {"en": "p_hit", "ja": "命中率"},
    "render.cli.p_damaged": {"en": "p_damaged", "ja": "損傷率"},
    "render.cli.e_damage": {"en": "E[damage]", "ja": "期待値"},
    "render.cli.group_hits": {"en": "group {group}: hits {hits}", "ja": "グループ{group}：命中 {hits}"},
    "render.cli.value": {"en": "value", "ja": "評価値"},
    "render.cli.enemy_damage": {"en": "E[enemy dmg]", "ja": "敵ダメージ"},
    "render.cli.enemy_destroyed": {"en": "E[enemy destroyed]", "ja": "敵破壊数期待値"},
    "render.cli.friendly_damage": {"en": "E[friendly dmg]", "ja": "味方ダメージ"},
    "render.cli.friendly_destroyed": {"en": "E[friendly destroyed]", "ja": "味方破壊数期待値"},
    "render.cli.friendly_risk": {"en": "friendly risk", "ja": "味方への危険"},
    "render.cli.aim": {"en": "aim", "ja": "狙い"},
    "render.cli.margin": {"en": "+/- 95 %", "ja": "95%誤差"},
    "render.cli.estimated": {
        "en": "Estimated by Monte Carlo, since exact odds are out of reach of every aim "
              "tried: every aim run {first} times, the best again up to {last} times; "
              "+/- is each value's 95 % margin.",
        "ja": "試した狙いはどれも厳密な確率の計算範囲を超えるため、モンテカルロ法で推定："
              "各狙いを{first}回、上位はさらに{last}回まで試行。誤差は各評価値の95%誤差です。"},
    "render.cli.bounded": {
        "en": "{n} more legal aims not ranked: whatever the dice, their expected damage "
              "cannot reach the {keep}th best (mecha not worked out one by one counted "
              "without shoot-downs)",
        "ja": "ほかに合法な狙い{n}件は順位付けしていません：期待ダメージが{keep}位に届かない"
              "ためです（個別に計算していないメカは撃墜なしとして数えました）"},
    "render.cli.ranked": {
        "en": "{n} legal aims ranked, {illegal} candidates refused by the rules, "
              "{out_of_reach} out of reach of exact odds, {over_risk} over the friendly-risk "
              "limit, {untried} not tried (past what one ranking may spend)",
        "ja": "合法な狙い{n}件を順位付け。ルールで却下された候補{illegal}件、厳密な確率が"
              "計算できない候補{out_of_reach}件、味方への危険の上限を超えた候補{over_risk}件、"
              "未試行（1回の順位付けの上限超過）{untried}件"},
    "render.cli.no_aim_to_choose": {
        "en": "the attack has no aim to choose (no enemy unit to aim at, or no support aimed "
              "at a hex)",
        "ja": "この攻撃には選べる狙いがありません（狙える敵ユニットがないか、ヘクスを狙う"
              "戦場支援がありません）"},
    "render.cli.no_legal_aim": {
        "en": "no legal aim ({illegal} candidates refused by the rules, {out_of_reach} out of "
              "reach of exact odds, {over_risk} over the friendly-risk limit, {untried} not "
              "tried, past what one ranking may spend)",
        "ja": "合法な狙いがありません（ルールで却下{illegal}件、厳密な確率が計算できない"
              "{out_of_reach}件、味方への危険の上限超過{over_risk}件、1回の順位付けの上限を"
              "超えて未試行{untried}件）"},
    "render.cli.no_legal_aim_within": {
        "en": "no legal aim within a friendly risk of {risk:g} ({illegal} candidates refused "
              "by the rules, {out_of_reach} out of reach of exact odds, {over_risk} over the "
              "friendly-risk limit, {untried} not tried, past what one ranking may spend)",
        "ja": "味方への危険{risk:g}以内の合法な狙いがありません（ルールで却下{illegal}件、"
              "厳密な確率が計算できない{out_of_reach}件、味方への危険の上限超過{over_risk}件、"
              "1回の順位付けの上限を超えて未試行{untried}件）"},
    "render.cli.clause": {"en": "  {clause}: {text}", "ja": "  {clause}：{text}"},
    "render.cli.error": {"en": "{file}: error: {error}", "ja": "{file}：エラー：{error}"},
    "render.cli.ok": {"en": "{file}: ok ({system}, {n} units)",
                      "ja": "{file}：OK（{system}、ユニット{n}個）"},
    "render.cli.cannot_read": {"en": "cannot read {path}: {why}",
                               "ja": "{path}を読めません：{why}"},
    "render.cli.cannot_write": {"en": "cannot write {path}: {why}",
                                "ja": "{path}に書き込めません：{why}"},
    "render.cli.too_large": {"en": "{path} is larger than {limit:,} characters",
                             "ja": "{path}は{limit:,}文字を超えています"},
    "render.cli.not_utf8": {"en": "{path} is not UTF-8 text",
                            "ja": "{path}はUTF-8のテキストではありません"},
    "render.cli.too_many_outcomes": {
        "en": "exact odds need too many outcomes ({limit}); use --method auto or "
              "--method monte-carlo",
        "ja": "厳密な確率には結果が多すぎます（{limit}）。--method autoか--method monte-carlo"
              "を使ってください"},
    "render.cli.out_of_memory": {"en": "out of memory", "ja": "メモリが足りません"},
}

MESSAGES: Catalogue = {**_SUMMARY, **_ODDS, **_KEY, **_EXPORT, **_CHART, **_BOARD,
                       **_MONTE_CARLO, **_AIM, **_RULES, **_CLI}
