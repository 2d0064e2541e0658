"""Messages of the BattleTech Battlefield Support log (engine.systems.battletech), and the BT clauses in seed 004's own Japanese."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {
    # the supports as the seed names them; a support's name in the log
    "bt.kind.light_strike": {"en": "Light Air Strike", "ja": "軽航空攻撃"},
    "bt.kind.heavy_strike": {"en": "Heavy Air Strike", "ja": "重航空攻撃"},
    "bt.kind.light_bombing": {"en": "Light Bombing", "ja": "軽爆撃"},
    "bt.kind.heavy_bombing": {"en": "Heavy Bombing", "ja": "重爆撃"},
    "bt.kind.strafing": {"en": "Strafing", "ja": "掃射"},
    "bt.kind.bluff": {"en": "Bluff", "ja": "ブラフ"},
    "bt.kind.thumper": {"en": "Thumper", "ja": "サンパー砲撃"},
    "bt.kind.sniper": {"en": "Sniper", "ja": "スナイパー砲撃"},
    "bt.kind.long_tom": {"en": "Long Tom", "ja": "ロングトム砲撃"},
    "bt.label.on": {"en": "{support} on {hex}", "ja": "{hex}への{support}"},
    "bt.label.at": {"en": "{support} at {hex}", "ja": "{hex}への{support}"},
    "bt.label.strafing_run": {"en": "Strafing run {ends}", "ja": "{ends}の掃射"},
    "bt.label.strafing_on": {"en": "Strafing run on {ends}", "ja": "{ends}への掃射"},
    "bt.label.nth.st": {"en": "{label} ({n}st)", "ja": "{label}（{n}回目）"},
    "bt.label.nth.nd": {"en": "{label} ({n}nd)", "ja": "{label}（{n}回目）"},
    "bt.label.nth.rd": {"en": "{label} ({n}rd)", "ja": "{label}（{n}回目）"},
    "bt.label.nth.th": {"en": "{label} ({n}th)", "ja": "{label}（{n}回目）"},
    "bt.label.on_unit": {"en": "{label} on {unit}", "ja": "{unit}への{label}"},
    "bt.cover.light": {"en": "Light Air Cover", "ja": "軽防空"},
    "bt.cover.heavy": {"en": "Heavy Air Cover", "ja": "重防空"},
    # dice
    "bt.roll.2d6": {"en": "{what} (2D6)", "ja": "{what}（2D6）"},
    "bt.roll.direction": {"en": "attack direction (1D6)", "ja": "攻撃方向（1D6）"},
    "bt.roll.punch": {"en": "punch location (1D6)", "ja": "パンチ命中部位（1D6）"},
    "bt.roll.location": {"en": "hit location (2D6)", "ja": "命中部位（2D6）"},
    "bt.roll.scatter": {"en": "scatter direction (1D6)", "ja": "飛散方向（1D6）"},
    # joining words
    "bt.join.semicolon": {"en": "{first}; {rest}", "ja": "{first}／{rest}"},
    "bt.join.and": {"en": "{first} and {rest}", "ja": "{first}と{rest}"},
    "bt.list": {"en": "{items}", "ja": "{items}"},
    # the declarations (BT-GEN, BT-HIDDEN, BT-BLUFF)
    "bt.gen.turn": {"en": "turn {turn}, Weapon Attack Phase: {side}'s Battlefield Support",
                    "ja": "ターン{turn}、武器攻撃フェイズ：{side}の戦場支援"},
    "bt.gen.bluff": {
        "en": "{side} declares a Bluff, laid face down like any offensive aerospace card "
              "(no target)",
        "ja": "{side}はブラフを宣言。他の攻撃的気圏支援カードと同様に裏向きに置く（目標なし）"},
    "bt.gen.declares": {"en": "{side} declares a {label}", "ja": "{side}は{label}を宣言"},
    "bt.gen.count": {
        "en": {"one": "{counted} of 3 air strikes this turn (artillery counts in the turn it is "
                      "fired; Bluff and Air Cover do not); {n} shell fired last turn lands in "
                      "this phase",
               "other": "{counted} of 3 air strikes this turn (artillery counts in the turn it "
                        "is fired; Bluff and Air Cover do not); {n} shells fired last turn land "
                        "in this phase"},
        "ja": "このターンの空襲は3回中{counted}回（砲兵による攻撃は発射されたターンにカウント。"
              "ブラフと防空は含まない）。前のターンに発射された砲撃{n}発がこのフェイズに着弾"},
    "bt.gen.bsp": {
        "en": "Battlefield Support Points spent (the Battlefield Support table): {spent}",
        "ja": "使用した戦場支援ポイント（BSP、戦場支援表）：{spent}"},
    "bt.bsp.side": {"en": "{side} {turn} this turn, {game} in the game",
                    "ja": "{side}：このターン{turn}、ゲーム中{game}"},
    "bt.bsp.side_of": {"en": "{side} {turn} this turn, {game} in the game (of {budget})",
                       "ja": "{side}：このターン{turn}、ゲーム中{game}（{budget}中）"},
    "bt.bsp.defender": {"en": "the defender", "ja": "防御側"},
    "bt.hidden.agreed": {"en": "hidden aerospace rule: agreed before buying support",
                         "ja": "秘匿気圏ルール：BSPの購入を開始する前に使用に同意済み"},
    "bt.hidden.laid": {
        "en": {"one": "offensive aerospace cards laid face down; {n} Air Cover card laid face "
                      "down beside them; revealed",
               "other": "offensive aerospace cards laid face down; {n} Air Cover cards laid "
                        "face down beside them; revealed"},
        "ja": "攻撃的気圏支援カードをすべて裏向きに配置。防空カード{n}枚をその隣に裏向きに配置。"
              "公開"},
    "bt.hidden.standard": {
        "en": {"one": "offensive aerospace cards revealed; {n} Air Cover card played against "
                      "them",
               "other": "offensive aerospace cards revealed; {n} Air Cover cards played "
                        "against them"},
        "ja": "攻撃的気圏支援カードをすべて公開。防空カード{n}枚をそれらに対して使用"},
    "bt.bluff.revealed": {
        "en": {"one": "{label}: the face-down card is a Bluff: nothing happens; it and the {n} "
                      "Air Cover card laid against it are discarded, no roll",
               "other": "{label}: the face-down card is a Bluff: nothing happens; it and the "
                        "{n} Air Cover cards laid against it are discarded, no roll"},
        "ja": "{label}：裏向きのカードはブラフ：何も起こらない。ブラフカードと、それに割り当てられ"
              "ている防空カード{n}枚は効果なしに捨てられる。ロールは必要ない"},
    "bt.refused.submerged": {
        "en": "{label}: every unit it could attack ({names}) is fully submerged, and a "
              "submerged target cannot be the target of an air strike",
        "ja": "{label}：攻撃しうるユニット（{names}）はすべて完全に水中に没しており、"
              "水没している目標を空襲の目標とすることはできない"},
    # Air Cover
    "bt.aircover.discarded": {
        "en": "{cover} against the {label}: {roll} >= {need}: the attack is discarded",
        "ja": "{label}に対する{cover}：{roll} ≥ {need}：攻撃は捨てられる"},
    "bt.aircover.no_effect": {
        "en": "{cover} against the {label}: {roll} < {need}: no effect",
        "ja": "{label}に対する{cover}：{roll} < {need}：効果なし"},
    # target rolls (BT-RULE.4), air strikes, bombing, strafing
    "bt.against": {"en": "2D6 shows {roll} against TN {tn} (BT-RULE.4)",
                   "ja": "2D6の出目{roll}、ターゲットナンバー{tn}（BT-RULE.4）"},
    "bt.air.hit": {"en": "{label}: {against}: success", "ja": "{label}：{against}：成功"},
    "bt.air.miss": {"en": "{label}: {against}: failure, no effect",
                    "ja": "{label}：{against}：失敗、効果なし"},
    "bt.bomb.hit": {"en": "{label}: {against}: success, the bombs fall on {hex}",
                    "ja": "{label}：{against}：成功、{hex}に爆弾が落ちる"},
    "bt.bomb.miss": {
        "en": "{label}: {against}: failure, it misses by {mof} (the margin of failure)",
        "ja": "{label}：{against}：失敗、失敗のマージン（MoF）{mof}で飛散する"},
    "bt.building": {
        "en": "the building in {hex} (CF {cf}) takes the full {damage} damage as well "
              "(CF {left} left)",
        "ja": "{hex}の建物（CF {cf}）にも同時に全ダメージ{damage}が適用される（残りCF {left}）"},
    "bt.strafe.hit": {
        "en": {"one": "{label}: {against} for {unit}: hit, an attack of {n} damage group, each "
                      "with a hit location roll of its own (BT-STRAFE.3)",
               "other": "{label}: {against} for {unit}: hit, an attack of {n} damage groups, "
                        "each with a hit location roll of its own (BT-STRAFE.3)"},
        "ja": "{label}：{unit}に対して{against}：成功、{n}つのダメージ値グループによる攻撃。"
              "各グループごとに別々に命中部位ロールを行う（BT-STRAFE.3）"},
    "bt.strafe.building": {
        "en": "{building} (the building {unit} is in) takes the full damage at the same time "
              "{reading}",
        "ja": "{building}（{unit}がいる建物）にも同時に全ダメージが適用される{reading}"},
    "bt.strafe.miss": {
        "en": "{label}: {against} for {unit}: no effect on it (the other hexes are unaffected)",
        "ja": "{label}：{unit}に対して{against}：何も生じない（他のヘクスにおける攻撃は影響を"
              "受けない）"},
    # artillery (BT-ART)
    "bt.art.fired": {
        "en": "{label}: fired, the target hex recorded secretly; in flight, it lands in the "
              "Weapon Attack Phase of turn {turn}",
        "ja": "{label}：発射、目標ヘクスを密かに記録。砲撃はターン{turn}の武器攻撃フェイズに"
              "到達する"},
    "bt.art.preplotted": {
        "en": "{label}: a pre-plotted hex, an automatic hit with no roll and no scatter",
        "ja": "{label}：あらかじめプロットされたヘクス。自動的に命中し、ロールも飛散もおこなわれ"
              "ない"},
    "bt.art.hit": {"en": "{label} lands: {against}: on target {hex}",
                   "ja": "{label}が到達：{against}：目標ヘクス{hex}に命中"},
    "bt.art.miss": {
        "en": "{label} lands: {against}: it misses by {mof} (the margin of failure) and scatters",
        "ja": "{label}が到達：{against}：失敗のマージン（MoF）{mof}で飛散する"},
    "bt.art.by": {"en": " by {unit}", "ja": "{unit}が"},
    "bt.art.spotted": {
        "en": "{label}: target hex spotted{by} in the turn it was fired and the turn it lands: "
              "TN {base} {modifier:+d} = {tn}",
        "ja": "{label}：砲撃をおこなったターンとそれが到達したターンの両方において{by}目標ヘクス"
              "をスポッティング：ターゲットナンバー{base} {modifier:+d} = {tn}"},
    "bt.art.spotted_attacking": {
        "en": "{label}: target hex spotted{by} in the turn it was fired and the turn it lands: "
              "TN {base} {modifier:+d} = {tn} (the spotter attacked: -1 only, +1 to its own "
              "attacks)",
        "ja": "{label}：砲撃をおこなったターンとそれが到達したターンの両方において{by}目標ヘクス"
              "をスポッティング：ターゲットナンバー{base} {modifier:+d} = {tn}（スポッターが攻撃"
              "もおこなったため-1のみ、その攻撃に+1）"},
    "bt.art.spotted_fired": {
        "en": "{label}: target hex spotted{by} only in the turn it was fired: no modifier "
              "(spotting must be in both turns), TN {tn}",
        "ja": "{label}：{by}目標ヘクスをスポッティングしたのは砲撃をおこなったターンのみ："
              "修正なし（両方のターンでスポッティングが必要）、ターゲットナンバー{tn}"},
    "bt.art.spotted_lands": {
        "en": "{label}: target hex spotted{by} only in the turn it lands: no modifier "
              "(spotting must be in both turns), TN {tn}",
        "ja": "{label}：{by}目標ヘクスをスポッティングしたのは到達したターンのみ："
              "修正なし（両方のターンでスポッティングが必要）、ターゲットナンバー{tn}"},
    "bt.aoe": {
        "en": {"one": "{label}: area of effect around {where}: {rings} groups by ring (target "
                      "hex, adjacent, radius 2); {n} unit inside",
               "other": "{label}: area of effect around {where}: {rings} groups by ring "
                        "(target hex, adjacent, radius 2); {n} units inside"},
        "ja": "{label}：{where}を中心とする効果範囲：距離ごとに{rings}グループ（目標ヘクス、"
              "隣接、半径2）。範囲内のユニット{n}体"},
    "bt.aoe.off_map": {"en": "its impact hex off the map", "ja": "マップ外の着弾ヘクス"},
    # scatter (BT-BOMB.3, BT-ART-SCATTER)
    "bt.dir.0": {"en": "north", "ja": "北"},
    "bt.dir.1": {"en": "north-east", "ja": "北東"},
    "bt.dir.2": {"en": "south-east", "ja": "南東"},
    "bt.dir.3": {"en": "south", "ja": "南"},
    "bt.dir.4": {"en": "south-west", "ja": "南西"},
    "bt.dir.5": {"en": "north-west", "ja": "北西"},
    "bt.scatter.to": {
        "en": {"one": "{label} scatters {n} hex {direction} (die {face}) from {start} to {end}",
               "other": "{label} scatters {n} hexes {direction} (die {face}) from {start} to "
                        "{end}"},
        "ja": "{label}は{start}から{direction}へ{n}ヘクス飛散し（ダイス{face}）、{end}に着弾"},
    "bt.scatter.off_map": {
        "en": {"one": "{label} scatters {n} hex {direction} (die {face}): off the map, {fate} "
                      "{reading}",
               "other": "{label} scatters {n} hexes {direction} (die {face}): off the map, "
                        "{fate} {reading}"},
        "ja": "{label}は{direction}へ{n}ヘクス飛散し（ダイス{face}）、マップ外へ：{fate}"
              "{reading}"},
    "bt.scatter.area_on_map": {
        "en": "its area of effect still falls on the map hexes it reaches",
        "ja": "その効果範囲はマップ上に届くヘクスにはなお及ぶ"},
    "bt.scatter.lost": {"en": "the attack is lost with no effect",
                        "ja": "攻撃は効果なしに失われる"},
    # one attack on one unit (BT-RULE)
    "bt.submerged": {
        "en": "{unit} is submerged in depth-{depth} water: it cannot be attacked and the "
              "damage is ignored",
        "ja": "{unit}は水深{depth}の水中に完全に没している：攻撃の目標とすることはできず、"
              "ダメージは無視される"},
    "bt.arc.front": {"en": "front", "ja": "前方"},
    "bt.arc.rear": {"en": "rear", "ja": "後方"},
    "bt.arc.left": {"en": "left", "ja": "左側面"},
    "bt.arc.right": {"en": "right", "ja": "右側面"},
    "bt.direction.shared": {
        "en": "{source}: one attack direction for {names} {reading}: {arc}",
        "ja": "{source}：{names}の攻撃方向を一度に決定{reading}：{arc}"},
    "bt.direction": {"en": "{source}: attack direction on {unit}: {arc}",
                     "ja": "{source}：{unit}への攻撃方向：{arc}"},
    "bt.ae_infantry": {
        "en": "{source} is an area-effect (AE) weapon and {unit} is infantry: each 5-point "
              "group deals {damage} {reading}",
        "ja": "{source}はエリアエフェクト（AE）武器で、{unit}は歩兵：5ダメージの各グループが"
              "{damage}ダメージを与える{reading}"},
    "bt.asset": {
        "en": {"one": "{source}: {unit} (an asset, reading: {option}: {choice}) takes {n} group "
                      "with no direction or hit location roll: {sums} = {total}",
               "other": "{source}: {unit} (an asset, reading: {option}: {choice}) takes {n} "
                        "groups with no direction or hit location roll: {sums} = {total}"},
        "ja": "{source}：{unit}（アセット。読み方：{option}：{choice}）は攻撃方向と命中部位の"
              "ロールなしに{n}グループを受ける：{sums} = {total}"},
    "bt.table.mech": {"en": "'Mech hit location table", "ja": "メック命中部位表"},
    "bt.table.punch": {"en": "PUNCH table (depth-1 water)", "ja": "パンチ命中部位表（水深1）"},
    "bt.group": {"en": "{damage} {location}", "ja": "{location}に{damage}"},
    "bt.group.critical": {"en": "{damage} {location} (critical check)",
                          "ja": "{location}に{damage}（クリティカルチェック）"},
    "bt.groups": {
        "en": {"one": "{source}: {unit} takes {n} group from the {arc} ({table}): {groups}; "
                      "total {total}",
               "other": "{source}: {unit} takes {n} groups from the {arc} ({table}): "
                        "{groups}; total {total}"},
        "ja": "{source}：{unit}の{arc}に{n}グループが命中（{table}）：{groups}、合計{total}"},
    # record sheets (BT-SHEET), the result
    "bt.loc.Head": {"en": "Head", "ja": "頭部"},
    "bt.loc.CT": {"en": "CT", "ja": "胴中央"},
    "bt.loc.LT": {"en": "LT", "ja": "左胴"},
    "bt.loc.RT": {"en": "RT", "ja": "右胴"},
    "bt.loc.LA": {"en": "LA", "ja": "左腕"},
    "bt.loc.RA": {"en": "RA", "ja": "右腕"},
    "bt.loc.LL": {"en": "LL", "ja": "左脚"},
    "bt.loc.RL": {"en": "RL", "ja": "右脚"},
    "bt.loc.rear": {"en": "{location}(R)", "ja": "{location}（背面）"},
    "bt.sheet.after": {"en": "{unit}'s record sheet after the turn: {sheet}",
                       "ja": "ターン終了時の{unit}の記録シート：{sheet}"},
    "bt.sheet.armour": {"en": "{location} armour {left} of {full}",
                        "ja": "{location}装甲 残り{left}/{full}"},
    "bt.sheet.structure": {"en": "{location} structure {left} of {full}",
                           "ja": "{location}内部構造 残り{left}/{full}"},
    "bt.sheet.lost": {"en": "{location} destroyed", "ja": "{location}破壊"},
    "bt.sheet.mech_destroyed": {"en": "the 'Mech is destroyed", "ja": "メック破壊"},
    "bt.sheet.untouched": {"en": "untouched", "ja": "無傷"},
    "bt.result.unit": {"en": "{unit}: {damage} damage", "ja": "{unit}：{damage}ダメージ"},
}

CLAUSES_JA: dict[str, str] = {
    # seed 004's own sentences (shared/seeds/004_68165ec3631e0ecf.txt), quoted or condensed
    "BT-GEN.1": "空襲は武器攻撃フェイズに使用することができる。",
    "BT-GEN.2": (
        "プレイヤーが1つ以上の空襲を使用したい場合、使用するターンの武器攻撃フェイズの攻撃宣言"
        "パートにおいて、その使用を宣言しなければならない。そのプレイヤーはその空襲の選択と使用を"
        "宣言する。同じ空襲を複数枚購入した場合、購入したが使用していない空襲の枚数をすべて公開"
        "する必要はない。"),
    "BT-GEN.3": (
        "使用プレイヤーはその空襲の目標ヘクスを宣言する。掃射攻撃の場合、プレイヤーは複数の"
        "ヘクスを指定しなければならない（P13掃射を参照）。"),
    "BT-GEN.4": (
        "すべての空襲の使用は攻撃宣言の際に告知されなければならないが、プレイヤーは武器攻撃"
        "フェイズ中いつでも空襲をおこなうことができる。各プレイヤーは1ターンにつき3回まで空襲"
        "（地雷原、ブラフ、防空を含まない）をおこなうことができる。砲兵による攻撃は、着弾した"
        "ターンではなく発射されたターンにカウントされる。"),
    "BT-RULE.1": (
        "アセット：空襲ルールはメックに適用されるが、アセットが使用されている場合、アセットにも"
        "同様に適用される。"),
    "BT-RULE.2": (
        "攻撃方向：空襲が成功した場合、1D6を振る。1-4の結果であれば、その攻撃に含まれる全ての"
        "ダメージ値グループは前方に命中し、5-6の結果であれば、それらは全て後方に命中する。この"
        "ルールには砲兵、飛散、地雷原などの例外がある。"),
    "BT-RULE.3": (
        "ダメージ値のグループ分け：空襲が成功した場合、すべてのダメージグループ分けが適用されるが、"
        "各グループ分けに対して個別の命中部位ロールをおこなう。戦場支援：空襲に記されている各"
        "ダメージ値グループは5ダメージで構成される。例えば重爆撃には5つのダメージグループ分けが"
        "あるので、それぞれ5ダメージずつ、合計25ポイントのダメージが適用される。"),
    "BT-RULE.4": (
        "ターゲットナンバー：戦場支援：空爆表に示されたターゲットナンバーには修正は適用されない。"
        "プレイヤーは単純に2D6をふり、その結果をその空爆のターゲットナンバーと比較して、攻撃が"
        "成功したかどうかを判定する。"),
    "BT-RULE.5": (
        "水：目標が完全に水中に没している場合、その目標を空襲の目標とすることはできない。爆撃や"
        "砲撃が水没している目標に飛散した場合、またはそのような目標に何らかのダメージを与えようと"
        "した場合、その攻撃は無視される。水深1の水中に立っているメックの場合、（通常通り1D6を"
        "振って攻撃方向を決定した後）パンチ命中部位表を使用してダメージが適用される。"),
    "BT-RULE.6": (
        "武器タイプ：武器タイプはほとんどのユニットの記録シートに記載されているが、標準的な"
        "AGOACのプレイには含まれていない。多くの空襲は「エリアエフェクト」を意味するAEタイプを"
        "持っている（P.113, TWまたはP.96, BMMを参照）。これらのルールブックがない場合、AE武器が"
        "歩兵に与える追加ダメージ（P.7アセットに対するダメージ参照）以外は、空襲の武器タイプを"
        "無視することができる。"),
    "BT-HIDDEN.1": (
        "秘匿気圏ルール（選択式）：全てのプレイヤーはBSPの購入を開始する前にこの選択ルールの"
        "使用に同意しなければならない。"),
    "BT-HIDDEN.2": (
        "標準的な戦場支援ルールにおいては、プレイヤーはそのターンに使用したい攻撃的気圏支援カード"
        "をすべて公開し、その上で対戦相手が使用したい防御的気圏支援カード（もしあれば）を選択し、"
        "公開された攻撃的気圏支援カードに対して使用する。"),
    "BT-HIDDEN.3": (
        "この選択ルールにおいては、プレイヤーはそのターンにおこないたい攻撃的気圏支援カードを"
        "すべて裏向きにテーブルに配置する。その後、対戦相手は使用したい防御的気圏支援カードを"
        "選び、そのカードが目標とする隠された攻撃的気圏支援カードの隣に裏向きに配置する。すべての"
        "カードが配置された後、それらのカードは公開され通常のルールが適用される。"),
    "BT-HIDDEN.4": (
        "このルールを使用することで、ブラフ攻撃的気圏支援カードを購入することができる。"),
    "BT-BOMB.1": (
        "攻撃成功：攻撃が成功した場合、各ダメージ値グループごとに適切な命中部位表で別々のロールを"
        "行う。"),
    "BT-BOMB.2": (
        "爆撃の目標ヘクスが建物ヘクスであり、その建物ヘクス内にメックが存在する場合、その建物と"
        "メックの両方に同時に全ダメージが適用される。"),
    "BT-BOMB.3": (
        "攻撃失敗：攻撃が失敗した場合、飛散する。修正後のターゲットナンバーとダイスの結果との間の"
        "失敗のマージン（MoF）を決定する。MoF1点につき、爆撃は1ヘクス飛散する。次に1D6をふり、"
        "飛散図（p.14参照）と比較して攻撃の着弾地点を決定する。そのヘクスにメックが存在する場合"
        "（たとえ友軍のメックであっても）、そのメックは自動的に攻撃を受ける。ダメージの適用に"
        "ついては上記のルールを使用するが、攻撃の方向については元の目標ヘクスからのものを使用する"
        "（つまり通常の空襲のように攻撃の方向を決めるために1D6を振らない）。"),
    "BT-STRAFE.1": (
        "掃射攻撃を宣言する場合、そのプレイヤーは1から5までの連続したヘクスを、すべて直線上に"
        "指定しなければならない。"),
    "BT-STRAFE.2": (
        "その攻撃を解決する際、プレイヤーはその5つのヘクスのうちの1つにいる各メックについて、"
        "掃射ターゲットナンバー7に対して個別の攻撃ロールをおこなう。"),
    "BT-STRAFE.3": (
        "攻撃成功：攻撃が成功した場合、各ダメージ値グループごとに適切な命中部位表で別々のロールを"
        "行う。つまりプレイヤーが4つの目標に攻撃を成功させた場合、4つすべての目標にそれぞれ3つの"
        "ダメージグループによる攻撃をおこない、攻撃側はそれぞれのグループに対して命中判定を"
        "おこなう（最初に1D6をふり、各攻撃がメックの前方と後方のどちらを攻撃するかを決定する"
        "ことを忘れないこと）。"),
    "BT-STRAFE.4": (
        "攻撃失敗：あるヘクスにおいて攻撃が失敗した場合何も生じないが、他のヘクスにおける攻撃は"
        "影響を受けない。"),
    "BT-ART.1": (
        "あらかじめ指定されたヘクス：シナリオでの戦力展開が開始される前に、砲撃を使用する各サイドは"
        "それぞれの砲撃選択に対してプレイエリア上の5つのヘクスを密かに選ぶ（それぞれの砲撃選択間で"
        "ヘクスを共有することはできない）。砲撃があらかじめプロットされた5つのヘクスのうちの1つに"
        "向けておこなわれた場合自動的に命中する。すなわちターゲットナンバーに対するロールは"
        "おこなわれず、飛散もおこなわれない。その攻撃は単に発表され、ダメージが与えられるだけで"
        "ある。"),
    "BT-ART.2": (
        "このヘクス数は4枚の紙製マップ（または2枚のバトルマット、または1枚のBFMバトルマット）で"
        "構成されるプレイエリアを想定している。使用するマップが2つ増えるごとに、砲撃選択1つに"
        "つき3つのあらかじめプロットされた目標ヘクスを追加する。しかしプレイエリアのサイズに"
        "関わらず、マップシート（縦17ヘクス×横15ヘクスのエリア）1枚につき5ヘクスを超える事前"
        "プロットを配置することはできない。これらの制限はどちらかの側が使用中の砲撃選択数に関係"
        "なく適用される。"),
    "BT-ART.3": (
        "目標の設定：事前に指定されていないヘクスを目標にする場合、任意のターンの武器攻撃フェイズ"
        "においてプレイヤーは攻撃がおこなわれることを宣言し、目標となるヘクスナンバーを密かに記録"
        "しなければならない。砲撃はその次のターンの武器攻撃フェイズに到達し、その時点でプレイヤーは"
        "ダイスロールをおこない、その攻撃が目標ヘクスに命中したかどうかを判定する。"),
    "BT-ART.4": (
        "砲撃をおこなったターンとそれが到達したターンの両方において、メックが間接射撃をおこなう"
        "ために目標ヘクスをスポッティングする場合、その砲兵に目標数-2の修正を適用する。スポッター"
        "は1つのヘクスに対して（間接射撃と同様に）何回でもスポットすることができるが、1ターンに"
        "1回しかスポットできない。スポッターがそのターンの武器攻撃フェイズにおいて攻撃をおこない、"
        "かつスポットもおこなった場合、それらの攻撃に+1のターゲットナンバー修正を適用し、（-2の"
        "代わりに）-1の照準修正のみを適用する。"),
    "BT-BLUFF": (
        "攻撃的気圏支援（ブラフ）：これは攻撃ではない。ブラフカードは各サイドが1ゲームにつき1枚"
        "しか保有できず、オプションの「秘匿気圏ルール」がプレイされている場合にのみ購入すること"
        "ができる。他の攻撃的気圏支援カードと同様に裏向きに置くことができるが、公開された場合何も"
        "起こらず、ブラフカードと、それに割り当てられている防御的気圏支援カードは効果なしに"
        "捨てられる。ロールは必要ない。"),
    "BT-AIR": (
        "攻撃的気圏支援（空襲）：軽航空攻撃ターゲットナンバー：5、重航空攻撃ターゲットナンバー：6。"
        "攻撃成功：各ダメージ値グループごとに適切な命中部位表で別々のロールを行う。攻撃失敗："
        "効果なし。"),
    "BT-BOMB": "攻撃的気圏支援（爆撃）：軽爆撃ターゲットナンバー：5、重爆撃ターゲットナンバー：7。",
    "BT-STRAFE": "攻撃的気圏支援（掃射）：掃射ターゲットナンバー：7。",
    "BT-ART": "砲撃支援：基本砲撃ターゲットナンバー：8。",
    # the engine's own step IDs (engine.clauses.ENGINE_CLAUSES), translated
    "OPT": (
        "この解決が用いた読み方（オプション）。ルール文が触れていない、または不明確な箇所の"
        "解釈で、それぞれシナリオのオプションで変更できる。"),
    "SETUP": "シナリオで宣言された攻撃。",
    "RESULT": "攻撃が各ユニットに与えた結果の合計。",
    "BT-AIRCOVER": (
        "防空（シードのページではなく戦場支援ルール全体より。確実ではない）：攻撃側がロールする"
        "前に、防御側はその攻撃の種類に対する防空の数値に対して2D6を振る。成功すればその攻撃は"
        "捨てられる。"),
    "BT-ART-SCATTER": (
        "砲撃の失敗（戦場支援ルール全体より。ほぼ確実）：砲撃は失敗のマージン（MoF）1点につき"
        "1ヘクス飛散し、方向は1D6をふって飛散図で決める。着弾したヘクスのユニットはすべて攻撃を"
        "受ける。"),
    "BT-SHEET": (
        "記録シート（選択式。記録シートは公開データで、ダメージはトータルウォーフェアの規則に"
        "よる）：各グループはその部位の装甲、次に内部構造を削り、残りは内側へ移る（腕または脚から"
        "側胴へ、側胴から中央胴へ）。頭部または中央胴が破壊されるとメックは破壊される。"),
    "BT-ART-AOE": (
        "砲撃の効果範囲（戦場支援ルール全体より。ほぼ確実）：サンパーは目標ヘクスに3グループ、"
        "隣接ヘクスに1グループ。スナイパーは4／2。ロングトムは5／3／1（半径2まで）。目標ヘクス"
        "以外へのダメージの攻撃方向は目標ヘクスからのものを使用する。"),
}
"""Each clause of engine.clauses.CLAUSES (and the engine's own of its system) in Japanese:
the BT clauses in seed 004's own sentences, the engine's own in its words."""
