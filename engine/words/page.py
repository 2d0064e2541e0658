"""Messages of the page (web/page, web/index.html): buttons, headings, notices.

The keys ``page.html.*`` are the static text of web/index.html: each element there names
its key in a ``data-words`` attribute (``data-words-aria``, ``-title``, ``-placeholder``
for its attributes) and keeps the English as its first paint, the same as here
(tests/test_words_page.py compares them); web/page/language.py fills them in the
language chosen.
"""

from __future__ import annotations

from engine.words.entries import Catalogue

_HTML: Catalogue = {
    "page.html.doc_title": {"en": "Scatterlab — blast and scatter resolver",
                            "ja": "Scatterlab — ブラストとスキャッターの解決ツール"},
    "page.html.tagline": {
        "en": "Resolves blast and scatter attacks of Robotech, 40K / Horus Heresy and "
              "BattleTech rule by rule, with the exact odds.",
        "ja": "Robotech、Warhammer 40,000／Horus Heresy、BattleTechのブラスト攻撃と"
              "スキャッターを、ルールごとに正確な確率つきで解決します。"},
    "page.html.system": {"en": "System", "ja": "システム"},
    "page.html.demo": {"en": "Demo", "ja": "デモ"},
    "page.html.language": {"en": "Language", "ja": "言語"},
    "page.html.theme_title": {"en": "Dark colours on or off", "ja": "ダークモードの切り替え"},
    "page.html.theme_dark": {"en": "Dark colours", "ja": "暗い配色にする"},
    "page.html.theme_light": {"en": "Light colours", "ja": "明るい配色にする"},
    "page.html.dark_mode": {"en": "Dark mode", "ja": "ダークモード"},
    "page.html.loading": {"en": "Loading", "ja": "読み込み中"},
    "page.html.loading_python": {"en": "Loading Python…", "ja": "Pythonを読み込み中…"},
    "page.html.board": {"en": "Board", "ja": "盤面"},
    "page.html.back_aria": {"en": "Back one step", "ja": "1ステップ戻る"},
    "page.html.back": {"en": "‹ Back", "ja": "‹ 戻る"},
    "page.html.next_aria": {"en": "Next step", "ja": "次へ進む"},
    "page.html.next": {"en": "Next ›", "ja": "次へ ›"},
    "page.html.die_shows": {"en": "What the die shows", "ja": "ダイスの目"},
    "page.html.enter": {"en": "Enter", "ja": "入力"},
    "page.html.drag_arrow": {
        "en": "Or drag the arrow on the board, in the direction it points.",
        "ja": "または、盤面の上で矢印が指す向きにドラッグします。"},
    "page.html.roll_rest": {"en": "Roll the rest for me", "ja": "残りはまとめて振る"},
    "page.html.stop": {"en": "Stop", "ja": "やめる"},
    "page.html.zoom": {"en": "Zoom the board", "ja": "盤面の拡大・縮小"},
    "page.html.zoom_out": {"en": "Zoom out", "ja": "縮小"},
    "page.html.zoom_in": {"en": "Zoom in", "ja": "拡大"},
    "page.html.fit_aria": {"en": "Fit the whole board", "ja": "盤面全体を表示"},
    "page.html.fit": {"en": "Fit", "ja": "全体"},
    "page.html.roll": {"en": "Roll", "ja": "ロール"},
    "page.html.roll_title": {"en": "Roll the dice (R)", "ja": "ダイスを振る（R）"},
    "page.html.irolled": {"en": "I rolled", "ja": "手入力"},
    "page.html.irolled_title": {
        "en": "Enter the dice you rolled at the table, one at a time",
        "ja": "卓で振ったダイスを1個ずつ入力"},
    "page.html.step": {"en": "Step", "ja": "ステップ"},
    "page.html.step_title": {"en": "Step through the rules (S)",
                             "ja": "ルールを1ステップずつ進める（S）"},
    "page.html.odds": {"en": "Odds", "ja": "確率"},
    "page.html.odds_title": {"en": "The exact odds (O)", "ja": "正確な確率（O）"},
    "page.html.cancel": {"en": "Cancel", "ja": "中止"},
    "page.html.cancel_odds": {"en": "Cancel odds", "ja": "確率の計算を中止"},
    "page.html.best_aim": {"en": "Best aim", "ja": "最適な狙い"},
    "page.html.best_aim_title": {"en": "Rank every legal aim (A)",
                                 "ja": "合法な狙いをすべて順位づけ（A）"},
    "page.html.cancel_aim": {"en": "Cancel aim", "ja": "狙いの計算を中止"},
    "page.html.panels": {"en": "Panels", "ja": "パネル"},
    "page.html.tab_result": {"en": "Result", "ja": "結果"},
    "page.html.tab_odds": {"en": "Odds", "ja": "確率"},
    "page.html.tab_aim": {"en": "Aim", "ja": "狙い"},
    "page.html.tab_build": {"en": "Build", "ja": "作成"},
    "page.html.tab_build_title": {"en": "Build your attack (B)", "ja": "攻撃を作成（B）"},
    "page.html.tab_log": {"en": "Log", "ja": "ログ"},
    "page.html.tab_rules": {"en": "Rules", "ja": "ルール"},
    "page.html.result": {"en": "Result", "ja": "結果"},
    "page.html.seed": {"en": "Seed", "ja": "シード"},
    "page.html.new_seed": {"en": "New seed", "ja": "新しいシード"},
    "page.html.new_seed_title": {"en": "New random seed, then roll",
                                 "ja": "新しいランダムなシードで振る"},
    "page.html.share": {"en": "Share", "ja": "共有"},
    "page.html.share_picture": {"en": "Share picture", "ja": "画像で共有"},
    "page.html.export_svg": {"en": "Export SVG", "ja": "SVGを書き出す"},
    "page.html.share_link": {"en": "Share link", "ja": "共有リンク"},
    "page.html.key": {"en": "Key to the board", "ja": "盤面の凡例"},
    "page.html.about_demo": {"en": "About this demo", "ja": "このデモについて"},
    "page.html.odds_head": {"en": "Odds", "ja": "確率"},
    "page.html.odds_hint": {"en": "Press Odds (O) for the chances of every outcome.",
                            "ja": "「確率」（O）を押すと、起こりうる結果それぞれの確率が出ます。"},
    "page.html.odds_box": {"en": "Odds", "ja": "確率"},
    "page.html.odds_per_unit": {"en": "Odds per unit", "ja": "ユニットごとの確率"},
    "page.html.aim_head": {"en": "Best aim", "ja": "最適な狙い"},
    "page.html.aim_by_odds": {"en": "by exact odds", "ja": "正確な確率による"},
    "page.html.aim_by_estimates": {"en": "by Monte Carlo estimates",
                                   "ja": "モンテカルロ法の推定による"},
    "page.html.aim_hint": {"en": "Press Best aim (A) to rank every legal aim.",
                           "ja": "「最適な狙い」（A）を押すと、合法な狙いをすべて順位づけします。"},
    "page.html.best_aims": {"en": "The best aims", "ja": "最適な狙い"},
    "page.html.aim_by": {"en": "Best aim by", "ja": "最適な狙いの基準"},
    "page.html.aim_damage": {"en": "expected enemy damage", "ja": "敵へのダメージの期待値"},
    "page.html.aim_destroyed": {"en": "expected enemy units destroyed",
                                "ja": "撃破する敵ユニット数の期待値"},
    "page.html.risk": {"en": "friendly risk at most", "ja": "味方へのリスクの上限"},
    "page.html.risk_any": {"en": "any", "ja": "なし"},
    "page.html.build": {"en": "Build", "ja": "作成"},
    "page.html.build_attack": {"en": "Build your attack", "ja": "攻撃を作成"},
    "page.html.build_no_json": {"en": "(presets, squads, targets: no JSON needed)",
                                "ja": "（プリセット、分隊、目標：JSONは不要）"},
    "page.html.my_scenarios": {"en": "My scenarios", "ja": "マイシナリオ"},
    "page.html.units": {"en": "Units", "ja": "ユニット"},
    "page.html.units_hint": {"en": "(drag on the board, or edit here)",
                             "ja": "（盤面でドラッグ、またはここで編集）"},
    "page.html.json": {"en": "Scenario JSON (weapon, attack, options)",
                       "ja": "シナリオのJSON（武器、攻撃、オプション）"},
    "page.html.json_aria": {"en": "Scenario JSON", "ja": "シナリオのJSON"},
    "page.html.apply_json": {"en": "Apply JSON", "ja": "JSONを適用"},
    "page.html.resolution": {"en": "Resolution", "ja": "解決の手順"},
    "page.html.rules": {"en": "Rules", "ja": "ルール"},
    "page.html.rules_summary": {"en": "The rules, clause by clause", "ja": "ルール（条項ごと）"},
    "page.html.opening": {"en": "Opening…", "ja": "開いています…"},
    "page.html.foot": {
        "en": "Runs entirely in your browser (Python via Pyodide); works offline after the "
              "first visit.",
        "ja": "すべてブラウザの中で動きます（PyodideによるPython）。一度開いたあとはオフラインでも"
              "使えます。"},
}

_PAGE: Catalogue = {
    # errors and the message box
    "page.system.robotech": {"en": "Robotech RPG Tactics", "ja": "Robotech RPG Tactics"},
    "page.system.heresy": {"en": "Warhammer 40K 7th / Horus Heresy",
                           "ja": "Warhammer 40K 第7版 / Horus Heresy"},
    "page.system.battletech": {"en": "BattleTech Battlefield Support", "ja": "BattleTech 戦場支援"},
    "page.error.scenario": {"en": "Invalid scenario — {words}", "ja": "シナリオが正しくありません — {words}"},
    "page.error.illegal": {"en": "Illegal attack — {clause}: {reason}",
                           "ja": "ルール違反の攻撃です — {clause}：{reason}"},
    "page.error.not_implemented": {"en": "Not implemented yet — {what}", "ja": "未実装です — {what}"},
    "page.error.dice": {"en": "Dice — {what}", "ja": "ダイス — {what}"},
    "page.error.unexpected": {"en": "Unexpected error — {err}", "ja": "予期しないエラー — {err}"},
    "page.error.failed": {"en": "{what} — {err}", "ja": "{what} — {err}"},
    "page.error.demo_list": {"en": "The demo list cannot be loaded — {err}",
                             "ja": "デモの一覧を読み込めません — {err}"},
    "page.error.no_scenario": {"en": "No scenario to show: there is no demo in this build.",
                               "ja": "表示するシナリオがありません：このビルドにはデモがありません。"},
    "page.error.start": {"en": "The app could not start — {err}",
                         "ja": "アプリを開始できませんでした — {err}"},
    "page.start_clean.text": {
        "en": "Start clean opens the default demo; what this page had open is kept aside, "
              "to download as JSON.",
        "ja": "「最初から開く」と既定のデモが開きます。このページで開いていたものは取り置かれ、"
              "JSONでダウンロードできます。"},
    "page.start_clean": {"en": "Start clean", "ja": "最初から開く"},
    "page.error.demo": {"en": "Demo {file} cannot be loaded — {err}",
                        "ja": "デモ{file}を読み込めません — {err}"},
    "page.no_demo": {"en": "No demo for this system yet.", "ja": "このシステムのデモはまだありません。"},
    "page.link.damaged": {
        "en": "This share link is damaged (perhaps cut short when it was copied), so {then}.",
        "ja": "この共有リンクは壊れています（コピーのときに途中で切れたのかもしれません）。{then}。"},
    "page.link.refused": {"en": "This share link's scenario cannot be opened ({reason}), so "
                                "{then}.",
                          "ja": "この共有リンクのシナリオは開けません（{reason}）。{then}。"},
    "page.link.kept": {"en": "the scenario on screen is kept", "ja": "表示中のシナリオはそのままです"},
    "page.link.other": {"en": "another scenario is shown instead",
                        "ja": "代わりに別のシナリオを表示しています"},
    # the autosave, other tabs, share links
    "page.unsaved": {"en": "This scenario is not saved in this browser (its storage is full "
                           "or turned off).",
                     "ja": "このシナリオはこのブラウザに保存されていません（ストレージが満杯か、"
                           "無効になっています）。"},
    "page.download_json": {"en": "Download it as JSON", "ja": "JSONでダウンロード"},
    "page.download_nth": {"en": "Download {i} as JSON", "ja": "{i}件目をJSONでダウンロード"},
    "page.aside.set": {"en": "The saved scenario could not be opened ({reason}), so it was "
                             "set aside and a demo is shown.",
                       "ja": "保存されたシナリオを開けませんでした（{reason}）。取り置いて、"
                             "デモを表示しています。"},
    "page.aside.kept": {"en": "The saved scenario could not be opened ({reason}). It is kept "
                              "as it is and this page saves nothing until you download it or "
                              "start clean.",
                        "ja": "保存されたシナリオを開けませんでした（{reason}）。そのまま残して"
                              "あり、ダウンロードするか最初から開くまで、このページは何も保存"
                              "しません。"},
    "page.aside.clean": {"en": "Started clean: what this page had open was set aside.",
                         "ja": "最初から開きました。このページで開いていたものは取り置いてあります。"},
    "page.aside.full": {"en": "Started clean, but storage is full: the saved scenario stays "
                              "where it was.",
                        "ja": "最初から開きましたが、ストレージが満杯です：保存されたシナリオは"
                              "元のまま残っています。"},
    "page.held": {"en": "{title} (kept when its tab closed)",
                  "ja": "{title}（タブを閉じたときに保存）"},
    "page.untitled": {"en": "Untitled", "ja": "無題"},
    "page.other_tab": {"en": "Another tab saved a different scenario.",
                       "ja": "別のタブが違うシナリオを保存しました。"},
    "page.other_tab.open": {"en": "Open it here", "ja": "ここで開く"},
    "page.other_tab.keep": {"en": "Keep mine", "ja": "こちらを残す"},
    "page.other_tab.unreadable": {"en": "The other tab's scenario cannot be opened here — "
                                        "{reason}.",
                                  "ja": "別のタブのシナリオはここでは開けません — {reason}。"},
    "page.share.copied": {"en": "Share link copied to the clipboard.",
                          "ja": "共有リンクをクリップボードにコピーしました。"},
    "page.share.copied_short": {"en": "Link copied", "ja": "コピーしました"},
    "page.share.ready": {"en": "Share link ready below: copy it.",
                         "ja": "共有リンクを下に用意しました。コピーしてください。"},
    "page.share.copy_above": {"en": "Copy the link above", "ja": "上のリンクをコピーしてください"},
    "page.save.not_saved": {"en": "it is not a saved scenario", "ja": "保存されたシナリオではありません"},
    "page.save.no_version": {"en": "it names no save format version",
                             "ja": "保存形式のバージョンが書かれていません"},
    "page.save.newer": {"en": "a newer version of Scatterlab saved it (format {version})",
                        "ja": "新しいバージョンのScatterlabで保存されています（形式{version}）"},
    "page.save.unknown": {"en": "format {version} is not one this version reads",
                          "ja": "形式{version}はこのバージョンでは読めません"},
    "page.save.no_longer": {"en": "it no longer loads ({err})", "ja": "もう読み込めません（{err}）"},
    "page.update.ready": {"en": "A new version is ready — reload",
                          "ja": "新しいバージョンがあります — 再読み込みしてください"},
    "page.update.reload": {"en": "Reload", "ja": "再読み込み"},
    # the odds worker
    "page.odds.starting": {"en": "Starting the odds…", "ja": "確率の計算を始めています…"},
    "page.odds.computing": {"en": "Computing odds…", "ja": "確率を計算中…"},
    "page.odds.cancelled": {"en": "Odds cancelled.", "ja": "確率の計算を中止しました。"},
    "page.odds.failed": {"en": "The odds could not be computed", "ja": "確率を計算できませんでした"},
    "page.odds.changed": {"en": "The scenario changed while the odds ran: press Odds again.",
                          "ja": "確率の計算中にシナリオが変わりました。もう一度「確率」を押して"
                                "ください。"},
    "page.odds.worker": {"en": "odds worker: {err}", "ja": "確率の計算ワーカー：{err}"},
    "page.odds.not_loaded": {"en": "it did not load", "ja": "読み込めませんでした"},
    "page.odds.exact": {"en": "exact", "ja": "厳密計算"},
    "page.odds.monte": {"en": "monte-carlo", "ja": "モンテカルロ法"},
    "page.odds.monte_trials": {"en": "monte-carlo, {trials} trials",
                               "ja": "モンテカルロ法、{trials}回の試行"},
    "page.odds.per_model": {"en": "Per model", "ja": "モデルごと"},
    "page.odds.per_model_aria": {"en": "Odds per model", "ja": "モデルごとの確率"},
    "page.odds.rest_heresy": {"en": "Per model, and the units with nothing at stake",
                              "ja": "モデルごと、および影響を受けないユニット"},
    "page.odds.rest": {"en": "The units with nothing at stake", "ja": "影響を受けないユニット"},
    "page.odds.surprise.heresy": {
        "en": "Wounds from a blast go to the closest model first (HH-8), so a model can be "
              "under the marker often and still rarely lose a Wound: the squad's "
              "models-removed chart is the figure that counts.",
        "ja": "ブラストによる負傷は最も近いモデルから割り振られます（HH-8）。そのため、"
              "マーカーの下にたびたび入るモデルでも、負傷を失うことはまれです。大事なのは"
              "分隊の「除去されたモデル数」のグラフです。"},
    "page.chart.templates": {"en": "templates over it", "ja": "かかったテンプレート数"},
    "page.chart.hits": {"en": "hits", "ja": "ヒット数"},
    "page.chart.groups": {"en": "damage groups", "ja": "ダメージ値グループ数"},
    "page.chart.removed": {"en": "models removed", "ja": "除去されたモデル数"},
    "page.chart.damage": {"en": "damage", "ja": "ダメージ"},
    "page.chart.caption": {"en": "{what!c} · on average {mean:.2f}",
                           "ja": "{what}・平均{mean:.2f}"},
    "page.chart.at_least": {"en": "at least {v}: {p}", "ja": "{v}以上：{p}"},
    "page.chart.at_least_all": {"en": "{items}", "ja": "{items}"},
    # Best aim
    "page.aim.finding": {"en": "Finding the best aim…", "ja": "最適な狙いを探しています…"},
    "page.aim.ranking": {"en": "Ranking every legal aim…", "ja": "合法な狙いをすべて順位づけ中…"},
    "page.aim.tried": {"en": "Ranking the aims: {n} tried…", "ja": "狙いを順位づけ中：{n}件を試しました…"},
    "page.aim.col_aim": {"en": "Aim", "ja": "狙い"},
    "page.aim.col_score": {"en": "{score!c}", "ja": "{score}"},
    "page.aim.score": {"en": "score", "ja": "評価値"},
    "page.aim.col_friends": {"en": "Average damage to friends", "ja": "味方への平均ダメージ"},
    "page.aim.col_risk": {"en": "Chance a friend is hurt", "ja": "味方が傷つく確率"},
    "page.aim.placed": {"en": "Placed", "ja": "配置済み"},
    "page.aim.place": {"en": "Place", "ja": "配置"},
    "page.aim.legend": {
        "en": "Dots on the board: the {score} of the aim at each spot, from yellow "
              "({low:.3f}) to purple ({high:.3f}); {legal} legal aims, {illegal} refused by "
              "the rules, {over} over the friendly risk limit.",
        "ja": "盤面の点：その位置を狙ったときの{score}。黄（{low:.3f}）から紫（{high:.3f}）"
              "まで。合法な狙い{legal}件、ルールで不可{illegal}件、味方へのリスクの上限超え"
              "{over}件。"},
    "page.aim.legend_hexes": {
        "en": "Dots in the hexes, and rings round the units standing in them: the {score} of "
              "the aim at each hex, from yellow ({low:.3f}) to purple ({high:.3f}); {legal} "
              "legal aims, {illegal} refused by the rules, {over} over the friendly risk "
              "limit.",
        "ja": "ヘクスの点（ユニットのいるヘクスではそのユニットを囲む輪）：そのヘクスを狙った"
              "ときの{score}。黄（{low:.3f}）から紫（{high:.3f}）まで。合法な狙い{legal}件、"
              "ルールで不可{illegal}件、味方へのリスクの上限超え{over}件。"},
    "page.aim.legend_no_dots": {
        "en": "Every aim ranked names a target mecha, so the board shows no dots; {legal} "
              "legal aims, {illegal} refused by the rules, {over} over the friendly risk "
              "limit.",
        "ja": "順位付けした狙いはどれも目標のメカを指定するため、盤面に点はありません。"
              "合法な狙い{legal}件、ルールで不可{illegal}件、味方へのリスクの上限超え{over}件。"},
    "page.aim.legend_bounded": {
        "en": "{legend} {n} more legal aims are not drawn: their expected damage cannot "
              "reach the best five, even with no missile shot down over the mecha not "
              "worked out one by one.",
        "ja": "{legend}ほかに合法な狙い{n}件は描いていません：期待ダメージが上位5件に届かない"
              "ためです（個別に計算していないメカには、撃墜がないものとして確かめました）。"},
    "page.aim.bad_risk": {
        "en": "The friendly risk limit must be a percentage from 0 to 100, or empty.",
        "ja": "味方へのリスクの上限は0～100のパーセントで入力するか、空欄にします。"},
    "page.aim.cancelled": {"en": "Best aim cancelled.", "ja": "最適な狙いの計算を中止しました。"},
    "page.aim.failed": {"en": "The best aim could not be found",
                        "ja": "最適な狙いを見つけられませんでした"},
    "page.aim.changed": {
        "en": "The scenario changed while the aims were ranked: press Best aim again.",
        "ja": "狙いの順位づけ中にシナリオが変わりました。もう一度「最適な狙い」を押してください。"},
    "page.aim.none_risk": {"en": "No legal aim within the friendly risk limit.",
                           "ja": "味方へのリスクの上限内に合法な狙いはありません。"},
    "page.aim.legend_estimated": {
        "en": "{legend} Exact odds are out of reach of these aims, so their scores are "
              "Monte Carlo estimates (the best from {runs} runs each); ± is each score's "
              "95 % margin.",
        "ja": "{legend}これらの狙いは正確な確率の計算範囲を超えるため、評価値はモンテカルロ法"
              "による推定です（上位は各{runs}回の試行）。±は各評価値の95%誤差です。"},
    "page.aim.none": {"en": "No legal aim that the rules accept.",
                      "ja": "ルールが認める合法な狙いはありません。"},
    "page.aim.none_to_aim": {
        "en": "Nothing to aim at: no enemy unit, and no support aimed at a hex.",
        "ja": "狙うものがありません：敵ユニットも、ヘクスを狙う支援もありません。"},
    # the board
    "page.board.title": {"en": "Board: {title}", "ja": "盤面：{title}"},
    "page.board.title_step": {"en": "Board: {title}, step {i} of {n}",
                              "ja": "盤面：{title}、ステップ{i}/{n}"},
    "page.board.untitled": {"en": "untitled scenario", "ja": "無題のシナリオ"},
    "page.board.attacker": {"en": "{name} (attacker)", "ja": "{name}（攻撃側）"},
    "page.board.this_way": {"en": "{name}, the attacker, is this way",
                            "ja": "攻撃側の{name}はこちらです"},
    # I rolled
    "page.irolled.degrees": {"en": "degrees, 0 = N (up)", "ja": "度（0 = 北、上）"},
    "page.irolled.face": {"en": "face", "ja": "出目"},
    "page.irolled.count": {"en": "{n} dice entered", "ja": "{n}個入力済み"},
    "page.irolled.enter": {"en": "Enter {value}", "ja": "{value}を入力"},
    "page.irolled.compass": {"en": "Compass: north is up the page, as on the board",
                             "ja": "方位：盤面と同じく画面の上が北"},
    "page.irolled.bearing": {"en": "{name}, {degrees}°", "ja": "{name}、{degrees}°"},
    "page.irolled.bearing_aria": {"en": "{text}: enter {name}, {degrees}°",
                                  "ja": "{text}：{name}、{degrees}°を入力"},
    "page.irolled.not_number": {"en": "not a number", "ja": "数ではありません"},
    "page.irolled.refused": {"en": "{raw} is refused: {problem}.",
                             "ja": "{raw}は受け付けられません：{problem}。"},
    "page.irolled.nothing": {"en": "Nothing is refused: {problem}.",
                             "ja": "何も入力されていません：{problem}。"},
    "page.dir.north": {"en": "north", "ja": "北"},
    "page.dir.north-east": {"en": "north-east", "ja": "北東"},
    "page.dir.east": {"en": "east", "ja": "東"},
    "page.dir.south-east": {"en": "south-east", "ja": "南東"},
    "page.dir.south": {"en": "south", "ja": "南"},
    "page.dir.south-west": {"en": "south-west", "ja": "南西"},
    "page.dir.west": {"en": "west", "ja": "西"},
    "page.dir.north-west": {"en": "north-west", "ja": "北西"},
    "page.dir.NW": {"en": "NW", "ja": "北西"},
    "page.dir.N": {"en": "N", "ja": "北"},
    "page.dir.NE": {"en": "NE", "ja": "北東"},
    "page.dir.W": {"en": "W", "ja": "西"},
    "page.dir.E": {"en": "E", "ja": "東"},
    "page.dir.SW": {"en": "SW", "ja": "南西"},
    "page.dir.S": {"en": "S", "ja": "南"},
    "page.dir.SE": {"en": "SE", "ja": "南東"},
    # the log, the result and the caption
    "page.log.idle": {"en": "— press Roll, or Step through it",
                      "ja": "— 「ロール」を押すか、「ステップ」で進めてください"},
    "page.log.step": {"en": "Step", "ja": "ステップ"},
    "page.log.restart": {"en": "Restart steps", "ja": "最初から"},
    "page.log.next": {"en": "Next step", "ja": "次へ進む"},
    "page.log.rule": {"en": "The rule {clause}: {text}", "ja": "ルール{clause}：{text}"},
    "page.log.status": {"en": "seed {seed} · {n} steps", "ja": "シード{seed}・{n}ステップ"},
    "page.log.status_scripted": {"en": "scripted dice · {n} steps", "ja": "指定ダイス・{n}ステップ"},
    "page.log.at_step": {"en": "step {i} of {n}", "ja": "ステップ{i}/{n}"},
    "page.announce.rolled": {"en": "Rolled. {result}", "ja": "振りました。{result}"},
    "page.announce.step": {"en": "Step {i} of {n}, {clause}: {text}",
                           "ja": "ステップ{i}/{n}、{clause}：{text}"},
    "page.summary.idle": {"en": "— not rolled yet · {dice}", "ja": "— まだ振っていません・{dice}"},
    "page.summary.hint": {
        "en": "Press Roll to resolve the attack, or Step to follow it rule by rule.",
        "ja": "「ロール」で攻撃を解決し、「ステップ」でルールごとに追えます。"},
    "page.summary.entered": {"en": "— so far, {n} dice entered", "ja": "— ここまでに{n}個入力"},
    "page.summary.scripted": {"en": "— scripted dice", "ja": "— 指定ダイス"},
    "page.summary.scripted_so_far": {"en": "— scripted dice · so far", "ja": "— 指定ダイス・途中まで"},
    "page.summary.seed": {"en": "— seed {seed}", "ja": "— シード{seed}"},
    "page.summary.seed_so_far": {"en": "— seed {seed} · so far", "ja": "— シード{seed}・途中まで"},
    "page.summary.nothing_yet": {"en": "Nothing has happened to any unit yet.",
                                 "ja": "まだどのユニットにも何も起きていません。"},
    "page.summary.nothing_hit": {"en": "Nothing was hit.", "ja": "何にも命中しませんでした。"},
    "page.caption.count": {"en": "Step {i} of {n}", "ja": "ステップ{i}/{n}"},
    "page.effects": {"en": "Effects", "ja": "効果"},
    "page.effects.none": {"en": "Nothing happened to any unit.",
                          "ja": "どのユニットにも何も起きませんでした。"},
    # the editor
    "page.untitled_scenario": {"en": "(untitled scenario)", "ja": "（無題のシナリオ）"},
    "page.dice.scripted_placeholder": {"en": "scripted", "ja": "指定"},
    "page.dice.scripted": {
        "en": "Dice: the scenario's {n} scripted dice. New seed rolls fresh ones.",
        "ja": "ダイス：シナリオで指定された{n}個のダイス。「新しいシード」で新たに振ります。"},
    "page.dice.seeded": {"en": "Dice: seeded, seed {seed}.", "ja": "ダイス：シード{seed}から振ります。"},
    "page.field.name": {"en": "Name", "ja": "名前"},
    "page.field.hex": {"en": "Hex", "ja": "ヘクス"},
    "page.field.x": {"en": 'x (")', "ja": 'x (")'},
    "page.field.y": {"en": 'y (")', "ja": 'y (")'},
    "page.field.aria": {"en": "{who}: {field}", "ja": "{who}：{field}"},
    "page.field.word.name": {"en": "name", "ja": "名前"},
    "page.field.word.hex": {"en": "hex", "ja": "ヘクス"},
    "page.field.word.x": {"en": "x", "ja": "x"},
    "page.field.word.y": {"en": "y", "ja": "y"},
    "page.field.inches": {"en": "{who}'s {what} must be a number of inches.",
                          "ja": "{who}の{what}はインチ単位の数で入力します。"},
    "page.field.seed": {"en": "Invalid edit — seed: must be an integer from 0 to {most}",
                        "ja": "正しくない編集 — シード：0～{most}の整数で入力します"},
    "page.pick_demo": {"en": "— pick a demo —", "ja": "— デモを選ぶ —"},
    "page.form.range": {"en": "{lo:g} to {hi:g}", "ja": "{lo:g}～{hi:g}"},
    "page.form.range_or_empty": {"en": "{lo:g} to {hi:g}, or empty",
                                 "ja": "{lo:g}～{hi:g}、または空欄"},
    "page.in_words.field": {"en": "{who}'s {field}", "ja": "{who}の{field}"},
    "page.in_words.unit": {"en": "unit {i}", "ja": "ユニット{i}"},
    "page.in_words.support": {"en": "support {i}", "ja": "支援{i}"},
    "page.in_words.shell": {"en": "shell {i}", "ja": "砲弾{i}"},
    # My scenarios
    "page.lib.unsaved": {"en": "My scenarios cannot be saved in this browser — {err}",
                         "ja": "マイシナリオをこのブラウザに保存できません — {err}"},
    "page.lib.replace_q": {"en": "My scenarios already has “{name}”. Replace it?",
                           "ja": "マイシナリオにはすでに「{name}」があります。置き換えますか？"},
    "page.lib.replace": {"en": "Replace it", "ja": "置き換える"},
    "page.lib.keep_saved": {"en": "Keep the saved one", "ja": "保存済みのほうを残す"},
    "page.lib.name": {"en": "Name of the save", "ja": "保存する名前"},
    "page.lib.save": {"en": "Save", "ja": "保存"},
    "page.lib.import": {"en": "Import a scenario JSON file", "ja": "シナリオのJSONファイルを読み込む"},
    "page.lib.open": {"en": "Open", "ja": "開く"},
    "page.lib.rename": {"en": "Rename", "ja": "名前を変更"},
    "page.lib.delete": {"en": "Delete", "ja": "削除"},
    "page.lib.export": {"en": "Export", "ja": "書き出す"},
    "page.lib.open_aria": {"en": "Open {name}", "ja": "{name}を開く"},
    "page.lib.rename_aria": {"en": "Rename {name}", "ja": "{name}の名前を変更"},
    "page.lib.delete_aria": {"en": "Delete {name}", "ja": "{name}を削除"},
    "page.lib.export_aria": {"en": "Export {name}", "ja": "{name}を書き出す"},
    "page.lib.default_name": {"en": "My scenario", "ja": "マイシナリオ"},
    "page.lib.saved": {"en": "Saved as “{name}” in My scenarios.",
                       "ja": "マイシナリオに「{name}」として保存しました。"},
    "page.lib.new_name": {"en": "New name for {name}", "ja": "{name}の新しい名前"},
    "page.lib.rename_do": {"en": "Rename {name} to the name typed",
                           "ja": "{name}を入力した名前に変更"},
    "page.lib.cancel": {"en": "Cancel", "ja": "キャンセル"},
    "page.lib.keep_name": {"en": "Keep the name {name}", "ja": "{name}という名前のままにする"},
    "page.lib.delete_q": {"en": "Delete “{name}” from My scenarios?",
                          "ja": "マイシナリオから「{name}」を削除しますか？"},
    "page.lib.keep": {"en": "Keep it", "ja": "残す"},
    "page.lib.unreadable": {"en": "This file cannot be opened — {reason}",
                            "ja": "このファイルは開けません — {reason}"},
    "page.lib.imported": {"en": "Imported", "ja": "読み込んだシナリオ"},
    # the rules
    "page.rules.see_refusal": {"en": "see the refusal of “{title}”",
                               "ja": "「{title}」での拒否を見る"},
    "page.rules.see_step": {"en": "see it: step {step} of “{title}”",
                            "ja": "「{title}」のステップ{step}で見る"},
    "page.rules.example": {"en": " Example: “{title}” with {change} is refused when loaded: "
                                 "“{reason}”. ",
                           "ja": " 例：「{title}」を{change}にすると、読み込み時に拒否されます："
                                 "「{reason}」。"},
    "page.rules.refused": {"en": "Refused when loaded: {reason}.", "ja": "読み込み時に拒否：{reason}。"},
    "page.rules.no_text": {"en": "No rule text for {clause}.", "ja": "{clause}のルール本文はありません。"},
    # sharing the picture
    "page.export.failed": {"en": "Sharing failed — {err}; the picture is downloaded instead.",
                           "ja": "共有できませんでした — {err}。代わりに画像をダウンロードします。"},
}

MESSAGES: Catalogue = {**_HTML, **_PAGE}
