"""Messages of the dice (engine.dice): what a player is asked to roll, and why an entry
cannot be a roll's result."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {
    "error.at": {"en": "{path}: {reason}", "ja": "{path}：{reason}"},
    "dice.nth": {"en": "{roll} #{i}", "ja": "{roll} #{i}"},
    "dice.prompt.direction": {
        "en": "{roll!c}: a direction in degrees, clockwise from up the page (0 to 360)",
        "ja": "{roll}：向きを度で（画面の上から時計回り、0～360）"},
    "dice.prompt.scatter": {
        "en": "{roll!c}: the scatter die, HIT or the arrow's direction in degrees",
        "ja": "{roll}：スキャッター・ダイス（HIT、または矢印の向きを度で）"},
    "dice.prompt.one": {"en": "{roll!c}: roll 1D{sides}", "ja": "{roll}：1D{sides}を振る"},
    "dice.prompt.dice": {
        "en": "{roll!c}: roll {n}D{sides}, each die counts (die {die} of {n})",
        "ja": "{roll}：{n}D{sides}を振る。各ダイスを数える（{n}個中{die}個目）"},
    "dice.prompt.highest": {
        "en": "{roll!c}: roll {n}D{sides}, keep the highest (die {die} of {n})",
        "ja": "{roll}：{n}D{sides}を振り、最も高い目を使う（{n}個中{die}個目）"},
    "dice.prompt.total": {
        "en": "{roll!c}: roll {n}D{sides}, the total counts (die {die} of {n})",
        "ja": "{roll}：{n}D{sides}を振り、合計を使う（{n}個中{die}個目）"},
    "dice.problem.direction": {"en": "a direction is degrees from 0 up to 360",
                               "ja": "向きは0以上360未満の度で入力します"},
    "dice.problem.scatter": {
        "en": "the scatter die shows HIT or an arrow: degrees from 0 up to 360",
        "ja": "スキャッター・ダイスはHITか矢印（0以上360未満の度）です"},
    "dice.problem.face": {"en": "a d{sides} shows 1 to {sides}",
                          "ja": "D{sides}の目は1～{sides}です"},
    "dice.needed": {"en": "the next roll is needed: {prompt}", "ja": "次のロールが必要です：{prompt}"},
    "dice.left_over": {
        "en": {"one": "{n} scripted dice result was left over: the rules asked for {asked} of "
                      "the {total} (the first unused is roll {first}, {value})",
               "other": "{n} scripted dice results were left over: the rules asked for {asked} "
                        "of the {total} (the first unused is roll {first}, {value})"},
        "ja": "指定されたダイスの結果が{n}個余りました。ルールが使ったのは{total}個中{asked}個です"
              "（最初の未使用はロール{first}、{value}）"},
    "dice.ran_out": {
        "en": "scripted dice ran out: roll {roll} ('{label}') has no result "
              "(the script holds {total})",
        "ja": "指定されたダイスが足りません：ロール{roll}（{label}）の結果がありません"
              "（指定は{total}個）"},
    "dice.bad_entry": {"en": "scripted roll {roll} ('{label}') is {value}: {problem}",
                       "ja": "指定されたロール{roll}（{label}）が{value}です：{problem}"},
}
