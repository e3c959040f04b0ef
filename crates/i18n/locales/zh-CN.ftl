# Tengen，简体中文。与 en.ftl 的 id 相同，顺序相同。
# 中文没有复数变化：只用 *[other]。

## The window

window-title = 天元 — 五子棋

## The game's own words: rules, modes, levels, sides, seats

preset-tictactoe = 井字棋 3×3
preset-freestyle15 = 五子棋 15×15 无禁手
preset-standard15 = 五子棋 15×15 标准（恰好五子）
preset-renju15 = 连珠 15×15
preset-freestyle19 = 五子棋 19×19 无禁手
preset-freestyle20 = 五子棋 20×20 无禁手
mode-hvc = 人机对战
mode-hvh = 双人对战
mode-cvc = 电脑对电脑
level-low = 初级
level-medium = 中级
level-expert = 专家
side-black = 黑方
side-white = 白方
side-x = X
side-o = O
seat-you = 你
seat-computer = 电脑
seat-player-1 = 玩家 1
seat-player-2 = 玩家 2
seat-computer-a = 电脑 A
seat-computer-b = 电脑 B
seat-computer-strength = 电脑（{ $strength }）
startup-no-display = 未找到显示器：Tengen 需要图形桌面（X11 或 Wayland 会话），而 DISPLAY 和 WAYLAND_DISPLAY 都未设置。请从桌面启动。（单独的引擎 pbrain-tengen 无需桌面即可运行。）
startup-display-unreachable = 无法连接显示器（{ $display }）：那里没有窗口系统响应。请在桌面会话中启动 Tengen。（{ $detail }）
date-and-time = { $year }年{ $month }月{ $day }日 { $time }
duration-seconds = { $seconds } 秒
duration-minutes = { $minutes } 分 { $seconds } 秒
moves-count = { $count ->
   *[other] { $count } 步
}

## Main menu

menu-title = 天元
menu-subtitle = 五子棋 · 连珠 · 井字棋
menu-new-game = 新游戏
menu-continue = 继续
menu-continue-game = { $preset }，第 { $move } 手
menu-no-unfinished-game = 没有未完成的对局
menu-settings = 设置
menu-statistics = 统计
menu-quit = 退出
menu-back = 返回
menu-done = 完成
menu-keys = 对局中：Ctrl+Z 悔棋 · Ctrl+Y 重做 · H 提示 · A 分析 · R 复盘 · E 摆棋 · N 新游戏 · Esc 菜单 · 方向键 + Enter 落子 · 3×3 上用数字键 1–9

## New game page

new-game-title = 新游戏
new-game-subtitle = 选择对手、规则和棋盘
new-game-start = 开始游戏
new-game-players = 对局者
new-game-rules = 规则
new-game-board = 棋盘
new-game-board-size = { $size } × { $size }，{ $length } 子连成一线获胜
new-game-board-size-exact = { $size } × { $size }，恰好 { $length } 子连成一线获胜（六子及以上不算）
new-game-board-size-renju = { $size } × { $size }，恰好 { $length } 子连成一线获胜；黑棋禁手：三三、四四、长连
new-game-you-play = 你执
new-game-player-1-plays = 玩家 1 执
new-game-computer-a-plays = 电脑 A 执
new-game-black-first = 黑棋（先手）
new-game-x-first = X（先手）
new-game-computer = 电脑
new-game-expert-thinks = 专家思考
new-game-seconds-a-move = { " " }秒 每步

## Settings

settings-title = 设置
settings-subtitle = 声音、动画和外观
settings-sound = 声音
settings-sound-effects = 音效
settings-no-sound-device = 声音已关闭：没有找到声音设备。
settings-volume = 音量
settings-animation = 动画
settings-animation-off = 关闭
settings-animation-normal = 正常
settings-animation-fast = 快速
settings-theme = 主题
settings-theme-classic = 经典木纹
settings-theme-contrast = 高对比度
settings-board = 棋盘
settings-show-coordinates = 显示坐标
settings-mark-forbidden = 标出禁手点（连珠）
settings-numbering = 手数计法
settings-numbering-single = 逐手计数
settings-numbering-single-tip = 每一手都有自己的数：1、2、3 …，与连珠棋谱相同
settings-numbering-pairs = 黑白成对
settings-numbering-pairs-tip = 黑方一手与白方应手同用一个数：1. h8 h9
settings-contrast-note = 高对比度主题下，标记除了颜色，还用形状区分。
settings-files = 文件
settings-language = 语言
settings-language-system = 跟随系统（{ $language }）
settings-done = 完成

## The panel beside the board (HUD)

hud-title = 天元
hud-computer-level = 电脑：{ $level }
hud-wins-in = { $side }以 { $moves ->
   *[other] { $moves } 步
}获胜
hud-draw-board-full = 和棋：棋盘已满
hud-draw-black-stuck = 和棋：黑棋无处可下
hud-move-computer-thinking = 第 { $move } 手 — 电脑思考中
hud-move-now = 立即落子
hud-move-now-tip = 电脑下出目前找到的最好一手
hud-move-to-play = 第 { $move } 手 — 轮到{ $side }
hud-opening-step = 开局 — 轮到{ $player }
hud-record-at = 棋谱：第 { $shown } 手，共 { $total } 手
hud-forbidden-point = { $cell }：{ $reason }
hud-looking-for-hint = 正在寻找提示
hud-paused = 已暂停 — 单步或继续
hud-hint = 提示：{ $cell } — { $reason }
hud-undo = 悔棋
hud-redo = 重做
hud-hint-button = 提示
hud-new-game = 新游戏
hud-menu = 菜单
hud-settings = 设置
hud-pause = 暂停
hud-resume = 继续
hud-step = 单步
hud-chances = 胜率
hud-chances-tip = 黑白双方的胜率，由选择上一步的搜索估算。
hud-pace = 节奏 { $seconds } 秒
hud-pace-tip = 每步至少停留多久再走下一步：点击放慢，再点回到快速。
hud-score = 比分
hud-draws = 和棋
hud-reset-score = 比分清零
hud-moves = 棋谱
hud-game-tally = 悔棋 { $undos } · 提示 { $hints }
hud-no-moves-yet = 还没有落子

## Game over

game-over-in-progress = 对局进行中
game-over-draw = 和棋
game-over-you-win = 你赢了！
game-over-computer-wins = 电脑获胜
game-over-seat-wins = { $who ->
    [you] 你（{ $side }）获胜
   *[other] { $name }（{ $side }）获胜
}
game-over-reason-resignation = { $who ->
    [you] 你（{ $side }）认输了。
   *[other] { $name }（{ $side }）认输。
}
game-over-reason-time = { $who ->
    [you] 你（{ $side }）的时间用完了。
   *[other] { $name }（{ $side }）的时间用完了。
}
game-over-reason-agreement = 双方同意和棋。
game-over-reason-forbidden = { $name }（{ $side }）下了禁手，按此规则计为负局。
game-over-reason-abandoned = 对局无法继续：不分胜负。
game-over-reason-left = { $who ->
    [you] 你（{ $side }）离开了对局。
   *[other] { $name }（{ $side }）离开了对局。
}
hud-resign = 认输
hud-resign-tip = 放弃本局：计为负局（Ctrl+Shift+R）。
question-resign = 认输本局？将计为负局，计入比分和等级分。
question-resign-to-leave = 离开本局去下另一局？本局将认输，计为负局，计入比分和等级分。选“否”继续本局。
game-over-comment-draw = 寸土不让：棋盘下满了。
game-over-comment-draw-black-stuck = 寸土不让：黑棋只有禁手点可下。
game-over-comment-clean-win = { $moves ->
   *[other] { $moves } 步
}干净利落地获胜：没有悔棋，没有提示。
game-over-comment-long-fight = 一场苦战：{ $moves ->
   *[other] { $moves } 步
}。
game-over-comment-quick-finish = { $moves ->
   *[other] { $moves } 步
}速胜。
game-over-comment-computer-won = 电脑找到了胜着。下次要不要请求提示？
game-over-comment-long-think = 长考终有回报。
game-over-comment-decided = { $moves ->
   *[other] { $moves } 步
}分出胜负。
game-over-moves = 步数
game-over-undos = 悔棋
game-over-hints = 提示
game-over-time = 用时
game-over-new-game = 新游戏
game-over-rematch = 再来一局
game-over-rematch-tip = 同样的对局，交换颜色
game-over-menu = 菜单

## Hint reasons (the engine says why; the game words it)

hint-reason-opening = 占据天元
hint-reason-make-five = 连成五子
hint-reason-block-five = 挡住五连
hint-reason-make-open-four = 做成活四
hint-reason-forced-win-fours = 连续冲四取胜，共 { $moves ->
   *[other] { $moves } 步
}
hint-reason-forced-win = 连续威胁取胜，共 { $moves ->
   *[other] { $moves } 步
}
hint-reason-forced-win-threats = 连续威胁取胜
hint-reason-make-four-three = 做成四三
hint-reason-make-four = 做成冲四
hint-reason-make-double-three = 做成双三
hint-reason-make-open-three = 做成活三
hint-reason-block-open-three = 挡住活三
hint-reason-block-double-threat = 阻止双重威胁
hint-reason-take-key-point = 抢占对方的要点
hint-reason-losing-anyway = 每步都输；这一步坚持最久
hint-reason-good-shape = 好棋形

## Renju: why black may not play a point

forbidden-double-three = 黑棋禁手：三三
forbidden-double-four = 黑棋禁手：四四
forbidden-overline = 黑棋禁手：长连（六子或以上）

## Notices (short messages under the board status)

notice-occupied = 这个点已经有棋子了。
notice-forbidden = 连珠：{ $reason }。
notice-not-your-turn = 请稍候：现在轮到电脑。
notice-game-over = 对局已结束。
notice-game-over-start-new = 对局已结束：开始新游戏或再来一局。
notice-nothing-to-undo = 没有可悔的棋。
notice-overline-wins-nothing = 此规则下六子及以上连线不算获胜：只有恰好 { $length } 子连线才获胜。
notice-nothing-to-redo = 没有可重做的棋。
notice-record-board-not-offered = 这份棋谱使用了游戏不提供的棋盘（{ $board }）。
notice-hints-own-turn = 只能在自己的回合请求提示。
notice-looking-for-move = 正在寻找好棋…
notice-no-move-to-suggest = 没有可建议的着法。
notice-hall-of-fame = 新的最快胜利：你进入名人堂了！
# Two sentences said at once: the first, then the second.
notice-two-notes = { $first }{ $second }
notice-saved-board-not-offered = 保存的对局使用了此版本不提供的棋盘（{ $board }）；开始新游戏。
notice-no-home-folder = 找不到主文件夹：设置、存档和统计都不会保存。
notice-autosave-renamed-failed = { $why } 无法重命名：{ $error }。
notice-autosave-kept-as = { $why } 已另存为 { $path }。
notice-saved-as = 已保存为 { $path }
notice-could-not-open = 无法打开 { $path }：{ $error }
notice-game-opened = 对局已打开。
notice-game-opened-steps = 对局已打开：用悔棋和重做逐步查看。
notice-nothing-to-open = 没有可打开的内容：请粘贴棋谱或局面字符串，例如 h8i9j10。
notice-could-not-read = 无法读取：{ $error }
notice-copied = 已复制 { $text }
notice-clipboard-empty = 剪贴板里没有文字。

## Where the files are (Settings → Files)

files-settings = 设置：{ $path }
files-game-in-progress = 进行中的对局：{ $path }
files-statistics = 统计：{ $path }
files-finished-games = 已完成的对局：{ $path }
files-saved-games = 保存的对局：{ $path }
files-nothing-saved = 不保存任何内容：找不到主文件夹。

## Records bar and its windows: save/open, history, statistics

records-save-open = 保存 / 打开…
records-history = 历史
records-statistics = 统计
records-save-open-title = 保存和打开对局
records-history-title = 已完成的对局
records-statistics-title = 统计与名人堂
records-save-sgf = 保存本局（SGF）
records-save = 保存
records-copy-position = 复制局面字符串
records-open-file = 打开文件（.sgf 或 .psq）
records-folder-note = 不带文件夹的文件名位于 { $folder }
records-open = 打开
records-paste-heading = 或粘贴 SGF 棋谱或局面字符串（h8i9j10）
records-paste-clipboard = 从剪贴板粘贴
records-open-pasted = 打开粘贴的内容
records-position-rule-note = 局面字符串和 .psq 文件按菜单中的棋盘读取：{ $preset }。
records-play-on = 接着与电脑对弈（你执轮到走棋的一方）
records-no-finished-games = 还没有完成的对局。
records-date = 日期
records-rule = 规则
records-players = 对局者
records-result = 结果
records-moves = 步数
records-unfinished = 未完成
records-result-black-wins = 黑胜
records-result-white-wins = 白胜
records-result-draw = 和棋
records-replay = 重播
records-replay-tip = 用重做和悔棋逐步查看，并可从任一步接着下
records-your-name = 你在名人堂中的名字：
records-hall-of-fame = 名人堂
records-hall-of-fame-empty = 战胜电脑即可入选。
records-fame-fastest = 最快胜利 { $moves ->
   *[other] { $moves } 步
}，{ $player }，{ $date }
records-fame-line = { $level } · { $rule }：{ $fastest }；最佳连胜 { $streak }
records-fame-line-streak = { $level } · { $rule }：最佳连胜 { $streak }
records-against-computer = 对战电脑
records-no-computer-games = 还没有与电脑的对局。
records-level = 难度
records-won = 胜
records-lost = 负
records-drawn = 和
records-streak = 连胜
records-best = 最佳
records-fastest-win = 最快胜利
records-fastest-cell = { $moves ->
   *[other] { $moves } 步
}，{ $player }（{ $date }）
records-reset-confirm = 清除所有记录和名人堂？
records-reset-yes = 是，清除
records-reset-keep = 保留
records-reset = 重置统计…
records-files = 文件
records-file-problem = 无法使用某个文件
records-ok = 确定

## Network
net-menu-button = 联机对战
net-forms-title = 联机对战
net-host-heading = 创建联机对局
net-join-heading = 加入联机对局
net-rule = 规则
net-you-play = 你执
net-black = 黑棋（先行）
net-white = 白棋
net-port = 端口
net-address = 地址（主机:端口）
net-passphrase = 口令（可选）
net-host-button = 创建
net-join-button = 加入
net-close = 关闭
net-port-hint = 若要通过互联网对战，请在主机一方的路由器上开放此 TCP 端口（填 0 则自动选择空闲端口）。
net-join-rule-hint = 请选择与主机相同的规则：不同的规则会被拒绝。
net-found-games = 本网络中的对局：
net-looking-for-games = 正在本网络中查找对局…
net-found-game = { $name } · { $rule } · { $address }
net-found-game-passphrase = { $name } · { $rule } · { $address } · 需要口令
net-discovery-off = 无法列出本网络中的对局：{ $reason }。请直接输入地址。
net-panel-title = 联机对战
net-leave = 离开
net-send = 发送
net-reconnect = 重新连接
net-resign = 认输
net-resign-sure = 确定认输吗？对局将立即结束，对双方都是。
net-resign-yes = 是的，认输
net-resign-no = 不，继续下
net-offer-draw = 提和
net-accept-draw = 同意和棋
net-decline-draw = 拒绝和棋
net-decline-undo = 拒绝悔棋
net-accept-undo = 同意悔棋
net-asks-undo = 对手请求悔一步棋。
net-asks-draw = 对手提和。
net-bad-port = 端口必须是 0 到 65535 之间的数字。
net-no-address = 请输入主机的地址和端口，例如 192.168.1.20:47015。
net-you = 你
net-host-name = 主机
net-guest-name = 客人
net-other-player = 对手
net-off = 未连接
net-connecting = 正在连接…
net-connected = 已连接
net-hosting = 已在端口 { $port } 创建联机对局：等待对手加入。
net-connected-to = { $peer } 已连接。祝你下得愉快！
net-closed-for = 连接已关闭：{ $reason }。
net-paused = 对局已暂停：{ $reason }。正在等待对手重新连接…
net-reconnecting = 正在重新连接（第 { $attempt } 次）…
net-rejected = 已拒绝一个连接：{ $reason }。
net-not-sent = 未发送给对手：{ $reason }。
net-cannot-host = 无法创建联机对局：{ $error }。
net-cannot-join = 无法加入 { $address }：{ $error }。
net-chat = { $who }：{ $text }
net-chat-empty = 暂无消息：在下方输入。
net-left = 你已离开联机对局。
net-resuming = 正在恢复保存的联机对局…
net-nothing-to-reconnect = 没有可以重新连接的已保存联机对局。
net-no-redo = 联机对局中不能重做。
net-no-restart = 联机对局不能在这里重新开始：请先回到菜单。
net-bad-resumed-game = 对方发来的棋局无法在此棋盘上进行：连接已关闭。
net-undo-requested = 对手请求悔一步棋：请在联机对战面板中同意或拒绝。
net-undo-asked = 已请求悔棋：等待对手同意。
net-undo-declined = 悔棋请求被拒绝。
net-rematch-offered = 对手提议交换颜色再来一局：按“再来一局”同意。
net-rematch-asked = 已提议再来一局：等待对手同意。
net-rematch-declined = 对方拒绝了再来一局。
net-draw-offered = 对手提和：请在联机对战面板中同意或拒绝。
net-draw-asked = 已提和：等待对手答复。
net-draw-declined-by-them = 对手拒绝了和棋。
net-draw-declined-by-you = 你拒绝了和棋。
net-you-resigned = 你认输了：对手获胜。
net-they-resigned = 对手认输了：你赢了！
net-draw-agreed = 双方同意和棋。
net-time-up = 时间到：主机一方的用时已用完。
net-unknown-time = 主机的用时规则（{ $time }）这个版本不能读：这局不计时。
net-ended = 联机对局无法继续：{ $reason }。对局到此结束，并保存在历史记录中。
## Position editor, renju opening names and the board as an image

editor-menu-button = 摆棋
editor-menu-hint = 随意摆放棋子，然后从该局面接着下
editor-title = 摆放局面
editor-rule-tip = 摆放局面所用的规则和棋盘；棋子放得下时保留
editor-help = 点击交叉点放下所选颜色的棋子；再次点击同一棋子可将其拿走。按键：B 黑子，W 白子，X 擦除。
editor-stone = 棋子
editor-erase = 擦除
editor-to-move = 轮到
editor-stones = 黑子：{ $black } · 白子：{ $white }
editor-help-tic-tac-toe = 点击格子放下所选的棋子；再次点击可将其拿走。按键：X、O，Delete 擦除。
editor-stones-tic-tac-toe = X：{ $black } · O：{ $white }
editor-clear = 清空棋盘
editor-play-computer = 与电脑对弈
editor-play-computer-hint = 你执轮到走棋的一方
editor-play-friend = 双人对弈
editor-back = 返回菜单
editor-refused-five = 不能放在这里：这颗棋子会连成五子，对局不能从已分胜负的局面开始。
editor-refused-full = 不能放在这里：棋盘会被填满，无处可下。
editor-refused-black-stuck = 不能放在这里：轮到黑棋时将只有禁手点可下。
opening-label = 开局：{ $name }（{ $kind }）
opening-direct = 直指
opening-indirect = 斜指
opening-kansei = 寒星
opening-keigetsu = 溪月
opening-sosei = 疏星
opening-kagetsu = 花月
opening-zangetsu = 残月
opening-ugetsu = 雨月
opening-kinsei = 金星
opening-shogetsu = 松月
opening-kyugetsu = 丘月
opening-shingetsu = 新月
opening-zuisei = 瑞星
opening-sangetsu = 山月
opening-yusei = 游星
opening-chosei = 长星
opening-kyogetsu = 峡月
opening-kosei = 恒星
opening-suigetsu = 水月
opening-ryusei = 流星
opening-ungetsu = 云月
opening-hogetsu = 浦月
opening-rangetsu = 岚月
opening-gingetsu = 银月
opening-myojo = 明星
opening-shagetsu = 斜月
opening-meigetsu = 名月
opening-suisei = 彗星
export-button = 导出图片…
export-title = 棋盘图片
export-coordinates = 坐标
export-numbers = 手数
export-choose = 选择文件…
export-file-filter = PNG 图片
export-saved = 图片已保存为 { $path }
export-failed = 无法保存图片：{ $error }
swap-rule = 开局规则
swap-rule-free = 自由开局
swap-rule-swap = 交换
swap-rule-swap2 = 二次交换
swap-rule-hint = 交换与二次交换让先手更公平：一方摆出开局棋子，另一方选择执黑或执白。
new-game-time = 计时
new-game-time-hint = 每位棋手一局的用时。轮到的一方的时间在走；时间用完的一方负。
time-none = 不计时
time-bullet = 超快棋
time-blitz = 快棋
time-rapid = 快速棋
time-classical = 慢棋
time-fischer = 加秒制
time-byo-yomi = 读秒
time-per-move = 每步限时
time-per-move-limit = 每步 { $seconds } 秒
time-custom = 自选…
time-custom-hint = 按常用写法填写：3+2（分 + 每步加秒）、20s+1、byo-yomi 10+3x30（分，再 3 次 30 秒读秒）或 10/move（每步秒数）。
swap-place-three = { $player }：摆出前三颗棋子——黑、白、黑。
swap-place-two = { $player }：再摆两颗棋子——先白后黑。
swap-choose = { $player }：请选择执黑或执白。
swap-choose-or-two = { $player }：请选择执黑或执白，或者再摆两颗棋子。
swap-take-black = 执黑
swap-take-white = 执白
swap-take-two = 再摆两子
swap-computer-placing = 电脑正在摆开局棋子…
swap-computer-choosing = 电脑正在选择颜色…
swap-computer-chose = 电脑选择{ $side }。
swap-computer-two = 电脑又摆了两颗棋子：现在由你选择。
swap-wait = 请先确定颜色：用面板上的按钮选择。
swap-rule-rif = RIF
swap-rule-yamaguchi = Yamaguchi
swap-rule-soosorv = Soosõrv-{ $n }
swap-rule-taraguchi = Taraguchi-{ $n }
swap-rule-tournament = 连珠规则…
swap-rule-offers-hint = 黑方可以提出的第五手数目（Soosõrv：不超过白方声明的个数；Taraguchi：正好是这个个数）。
swap-rule-tournament-hint = 连珠的开局规则：前三颗棋子是 26 种开局之一，黑方提出多个第五手，由白方选择。
opening-place-three = { $player }：摆出 26 种开局之一——黑子在天元，白子与它相接，黑子在 5×5 之内。
opening-place-stone = { $player }：把第 { $number } 颗棋子下在以天元为中点的 { $side }×{ $side } 之内。
opening-place-fourth = { $player }：第四手（白）可以下在任何地方。
opening-declare = { $player }：黑方将提出多少个第五手？
opening-declare-taraguchi = { $player }：自己在 9×9 之内下第五手，或者提出 { $n } 个第五手。
opening-place-fifth = 自己下
opening-offer-n = 提出 { $n } 个
opening-offering = { $player }：提出 { $count } 个第五手，不能对称——已下 { $placed }/{ $count }。
opening-selecting = { $player }：从黑方的 { $count } 个第五手中选择一个（有数字的标记）。
opening-computer-acting = 电脑正在走开局的这一步…
opening-computer-declared = 电脑声明了 { $count } 个第五手。
opening-declared = 要提出的第五手：{ $count }。
notice-outside-opening = 开局的第 { $number } 颗棋子要下在以天元为中点的 { $side }×{ $side } 之内。
notice-already-offered = 这个第五手已经提出了。
notice-symmetric-offer = 这个第五手与已提出的 { $cell } 对称：请提出另一个。
notice-not-offered = 请选择一个提出的第五手（有数字的标记）。

## Game over card: folding it away
hud-colour-not-chosen = 颜色尚未选定
hud-wins = 胜 { $wins } 局

## The question before a new game
question-new-game = 开始新对局？当前对局将会丢失。
question-reset-score = 清零比分？本次的胜局和和局记录将会丢失。
question-yes = 是
question-no = 否

## Records windows (second pass)
records-dialog-open-title = 打开对局
records-dialog-save-title = 保存对局
records-dialog-filter = 棋谱
records-menu = 记录…
records-save-as = 另存为…
records-copied = 已复制 { $text }
records-open-heading = 打开棋谱（.sgf、.psq 或文本）
records-open-file-button = 打开文件…
records-open-or-drop = （Ctrl+O）或把文件拖到窗口上
records-clipboard-empty = 剪贴板里没有文本。
records-play-on-at-once = 立即与电脑接着下（你执轮到走棋的一方）；否则打开棋谱供浏览
records-replay-look-tip = 逐步浏览，并可从任意一步接着下
records-technical-detail = 技术细节

## The record viewer
viewer-title = 棋谱
viewer-first = 第一步（Home）
viewer-previous = 上一步（←）
viewer-next = 下一步（→）
viewer-last = 最后一步（End）
viewer-position-tip = 当前显示的一步 / 棋谱总步数
viewer-wins-here = { $who ->
    [you] 你在此获胜。
   *[other] { $name } 在此获胜。
}
viewer-draw = 和棋：棋盘已满。
viewer-draw-black-stuck = 和棋：黑棋只有禁手点可下。
viewer-move-numbers = 在棋子上显示手数
viewer-continue-from-here = 从这里接着下：
viewer-two-players = 双人对弈
viewer-against-computer = 对战电脑
viewer-against-computer-tip = 你执轮到走棋的一方
viewer-start = 开始

## Refusals (second pass)
notice-remote-turn = 请稍候：轮到另一位棋手（在另一台电脑上）。
notice-not-connected = 请稍候：另一位棋手尚未连接。
notice-record-over-here = 此处对局已结束：请后退，从更早的一步接着下。
notice-record-move-unplayable = 棋谱的第 { $move } 步无法落子：{ $error }。
notice-game-opened-play-on = 对局已打开：你执轮到走棋的一方。
notice-record-opened = 棋谱已打开：← → 逐步浏览，上下键切换变化；在棋谱外落子即开新变化。
notice-open-too-large = 文件太大，不可能是棋谱。
notice-open-not-text = 它既不是文本文件，也不是 .sgf 或 .psq 棋谱。

## Live analysis and game review
hud-analysis = 分析
hud-analysis-tip = 引擎所见：胜率、最佳变化和最佳着法（A）。与电脑对弈时，它为你显示的每个局面都计为一次提示。
analysis-thinking = 分析中…
analysis-game-over = 对局已结束。
analysis-detail = 深度 { $depth }
analysis-by-engine = { $engine }：{ $what }
analysis-forced-win = { $side }必胜。
analysis-line = 变化：{ $line }
analysis-bar-tip = 引擎眼中双方在最佳应对下的胜率
notice-analysis-not-in-network = 网络对局中不提供分析。
notice-hints-not-in-network = 网络对局中不提供提示。
notice-review-finished-games = 请先下完这盘棋：复盘针对整盘棋。
game-over-review = 复盘
game-over-review-tip = 引擎评估每一步：整盘棋的胜率走势，并标出失误和更好的着法
viewer-review = 复盘这盘棋
review-title = 复盘
review-close = 关闭
review-progress = 第 { $done } / { $total } 个局面…
review-progress-engine = { $engine }：第 { $done } / { $total } 个局面…
review-title-engine-tip = 由 { $engine } 复盘（设置 → 引擎中选定的提示引擎）。
review-class-best = 最佳
review-class-good = 好棋
review-class-inaccuracy = 欠佳
review-class-mistake = 失误
review-class-blunder = 恶手
review-better = 更好：{ $move }
review-accuracy = { $percent }%
review-accuracy-tip = 准确度：100% 表示每一步都保持了最佳着法的胜率
review-graph-tip = 每步之后黑方的胜率。点击可显示该步。
review-accuracy-heading = 准确度
review-pick-a-move = 用 ← → 逐步查看，或点击图表。
review-chances = { $side }胜率：走前 { $before }%，走后 { $after }%
review-play-better = 显示更好的下法
review-play-winning = 显示必胜下法
review-play-refutation = 显示对手的反击
review-line-better = 更好的下法：第 { $step } / { $total } 步
review-line-winning = 必胜下法：第 { $step } / { $total } 步
review-line-refutation = 反击：第 { $step } / { $total } 步
review-line-move = { $move }：{ $reason }
review-line-keys = 用 ← → 逐步查看；“返回”回到这一步。
review-line-back = 返回
review-refutation = 反击
## File notices, worded when shown (some are raised at start, before the language is known)
file-name-settings = 设置文件
file-name-autosave = 进行中对局的文件
file-name-statistics = 统计文件
file-name-history = 对局历史中的一个文件
file-name-record = 棋谱文件
file-problem-unreadable = { $file }无法读取。
file-problem-cut-short = { $file }在中途截断（写入未完成）。
file-problem-damaged = { $file }已损坏，无法读取。
file-problem-too-new = { $file }由更新版本的 Tengen 写入。
file-problem-impossible = { $file }中的对局无法进行。
file-problem-saved-match = 保存的对局的开局或计时与其着法不符，无法继续。
file-fallback-settings = 使用默认设置。
file-fallback-autosave = 没有可继续的对局；开始新对局。
file-fallback-statistics = 统计从零重新开始。
file-fallback-history = 它不会出现在历史列表中。
file-fallback-record = 它未被打开。
file-notice-unusable = { $problem }{ $fallback }
file-notice-unusable-kept = { $problem }{ $fallback }旧文件已作为备份保存在 { $path }。
file-notice-not-saved-why = { $file }无法保存：{ $reason }。
save-trouble-line = 未保存{ $what }：{ $reason }（{ $name }）
save-what-autosave = 进行中的对局
save-what-settings = 设置
save-what-statistics = 统计
save-what-history = 已结束的对局
save-what-record = 棋谱
save-what-two = { $first }和{ $second }
save-what-more = { $first }、{ $more }
save-trouble-started = { $file }无法保存（{ $name }）：{ $reason }。请继续下棋：一旦可以，游戏会自动重新保存。
save-trouble-over = 保存已恢复：一切都已保存。
save-reason-disk-full = 磁盘已满
save-reason-read-only = 文件夹是只读的
save-reason-not-allowed = Tengen 无权写入该处
save-reason-folder-gone = 它所在的文件夹已不存在
save-reason-other = { $error }
file-notice-no-home = 找不到主文件夹：设置、保存的对局和统计都不会保留。
file-notice-other-window = 另一个 Tengen 窗口已在运行；此窗口不会改动保存的对局。
notice-could-not-save = 无法保存 { $path }：{ $error }
records-review = 复盘

# The strength ladder and "Match my strength"
step-plain = 第 { $step } 级
step-level = 第 { $step } 级 · { $level }
new-game-match-me = 匹配我的水平
new-game-match-me-tip = 每局电脑按你在此规则下的等级分，选择与你胜负机会大致相当的级别。
new-game-step = 级别
new-game-step-matched = { $step }，按你的水平
new-game-step-rating = { $step } · 等级分 { $rating }
new-game-step-below = { $step } · 比{ $level }更简单
new-game-step-between = { $step } · 在{ $lower }和{ $upper }之间
new-game-step-tip = 共十四级，每级比前一级稍强：初级为第 2 级，中级第 7 级，专家第 14 级。数字是该级的等级分。
new-game-step-tic-tac-toe = 3×3 仍用三个难度。
notice-rating-change = 你的等级分：{ $before } → { $after }
notice-rating-change-why = 你的等级分：{ $before } → { $after }：{ $why }
rating-why-aids = { $aids }：{ $draw ->
    [1] 按和棋计算
   *[other] 这局胜利按 { $percent }% 计算
}
rating-why-little = { $result ->
    [0] 赢了等级分低得多的对手，变化不大
    [1] 和等级分相当的对手下成和棋，变化不大
   *[other] 输给等级分高得多的对手，变化不大
}
rating-aid-hints = 提示 { $count } 次
rating-aid-undos = 悔棋 { $count } 次
rating-aid-both = { $hints }、{ $undos }

# Puzzles
puzzle-menu-button = 习题
puzzle-menu-hint = 找出胜着：局面来自电脑自己的对局，每题只有一个取胜的着法。
puzzle-title = 找出胜着
puzzle-number = 第 { $number } 题，共 { $count } 题 · { $rule }
puzzle-goal-fours = { $side }先走，用冲四在 { $moves } 步内取胜
puzzle-goal-threes = { $side }先走，用活三和冲四在 { $moves } 步内取胜
puzzle-difficulty = 难度 { $difficulty }/5
puzzle-moves-left = 轮到你。还剩 { $moves } 步连成五子；电脑会尽力防守。
puzzle-solved = 解出来了！
puzzle-solved-with-hints = 解出来了，用了 { $hints } 次提示。
puzzle-missed-refuted = { $move } 不能取胜：{ $answer } 的应着守住了。再试一次，或去下一题。
puzzle-missed = { $move } 在剩下的步数内不能取胜。再试一次，或去下一题。
puzzle-progress = 你的进度
puzzle-rating = 习题等级分 { $rating } · 已解 { $solved }/{ $count }
puzzle-hint = 提示
puzzle-hint-tip = 标出一个取胜的着法。用了提示的题，等级分涨得少些。
puzzle-hint-reason-fours = 这步成四：对方必须挡住，接着你再成四（{ $moves ->
    [one] 这步即胜
   *[other] 还有 { $moves } 步成五
}）
puzzle-hint-reason-threes = 这步成四或活三：对方必须应对，接着你再成四或活三（{ $moves ->
    [one] 这步即胜
   *[other] 还有 { $moves } 步成五
}）
puzzle-retry = 再试一次
puzzle-next = 下一题
puzzle-back = 返回菜单
stats-rating-title = 你的等级分
stats-rating-rule = { $rule }：{ $rating }（± { $deviation }），共 { $games } 局
stats-rating-none = 与电脑下完第一局后，你的等级分会显示在这里。

## The file dialog (egui-file-dialog's own labels, in the player's language)
file-dialog-cancel = 取消
file-dialog-overwrite = 覆盖
file-dialog-show-hidden = 显示隐藏文件
file-dialog-pinned = 已固定
file-dialog-places = 位置
file-dialog-home = 主文件夹
file-dialog-desktop = 桌面
file-dialog-documents = 文档
file-dialog-downloads = 下载
file-dialog-music = 音乐
file-dialog-pictures = 图片
file-dialog-videos = 视频
file-dialog-pin = 固定
file-dialog-unpin = 取消固定
file-dialog-rename = 重命名
file-dialog-selected-file = 已选文件：
file-dialog-selected-folder = 已选文件夹：
file-dialog-this-folder = 使用此文件夹
file-dialog-reload = 重新加载
file-dialog-file-name = 文件名：
file-dialog-all-files = 所有文件
file-dialog-open = 打开
file-dialog-save = 保存
file-dialog-overwrite-text = 已存在。要替换它吗？
file-dialog-empty-folder-name = 文件夹需要一个名称。
file-dialog-empty-file-name = 文件需要一个名称。
file-dialog-folder-exists = 这里已有同名文件夹。
file-dialog-file-exists = 这里已有同名文件。

# Why a record could not be opened (after "Could not open <file>: ").
open-reason-missing = 没有这个文件。
open-reason-not-allowed = 没有读取它的权限。
open-reason-folder = 这是文件夹，不是文件。
open-reason-unreadable = 无法读取它（{ $error }）。
open-reason-not-sgf = 这不是可读的 SGF 棋谱（{ $detail }）。
open-reason-not-psq = 这不是可读的 Piskvork .psq 棋谱（{ $detail }）。
open-reason-not-position = 这不是 h8i9j10 这样的局面串（{ $detail }）。
open-reason-not-move-list = 这不是可读的 Gomocup x,y 着法（{ $detail }）。
open-reason-bad-setup = 无法读取其中的摆子（{ $detail }）。
open-reason-not-playable = Tengen 不在这种棋盘上下棋（{ $detail }）。
open-reason-illegal = 第 { $move } 手违反规则（{ $detail }）。
open-reason-unknown-kind = 只有 .sgf 和 .psq 文件是棋谱。
open-reason-board-not-offered = 它使用了游戏不提供的棋盘（{ $board }）。

# What went wrong with a connection (after "Could not join <address>: " and the like).
net-why-peer-closed = 对方关闭了连接
net-why-peer-left = 对方关闭了连接（{ $words }）
net-why-cut = 连接中断了
net-why-timed-out = 连接超时
net-why-refused = { $address } 没有应答：那里没有开局，或端口未开放
net-why-unreachable = 无法到达 { $address }：没有路由或没有应答
net-why-no-such-host = 没有名为 { $host } 的计算机
net-why-bad-address = “{ $address }”不是带端口的地址，例如 192.168.1.20:47015
net-why-port-in-use = 端口 { $port } 已被其他程序占用
net-why-bad-save = 无法恢复保存的网络对局（{ $detail }）
net-why-other = { $detail }
net-why-broken = 对方违反了对局协议（{ $detail }）
net-why-slow-handshake = 对方太久没有打招呼
net-why-dropped-here = 本方断开了连接
net-why-other-left = 对方离开了对局
net-why-awaiting = 正在等对方回来
net-why-closed-after-break = 收到损坏的消息后连接已关闭
net-why-not-hello = 对方没有先打招呼
net-why-other-app = 对方不是 Tengen（{ $theirs }）
net-why-version = 对方的 Tengen 使用网络协议 { $theirs }，本方为 { $ours }；双方需要相同版本的 Tengen
net-why-rule = 规则不同（本方 { $ours }，对方 { $theirs }）
net-why-size = 棋盘不同（本方 { $ours }，对方 { $theirs }）
net-why-other-game = 对方要恢复的是另一盘棋
net-why-busy = 那边已经在下棋了
net-why-positions-differ = 局面不同（本方 { $ours } 子，对方 { $theirs } 子），无法接着下
net-why-passphrase-needed = 主机要求输入口令
net-why-wrong-passphrase = 口令错误
net-not-your-turn = 现在不是你走
net-move-not-allowed = 这步棋不允许（{ $detail }）
net-game-over = 对局已结束
net-not-over = 对局结束后才能提出再来一局
net-nothing-to-undo = 你没有可以悔的棋
net-already-asked = 这个请求已经在等回复了
net-nothing-to-answer = 没有人提出这个请求
net-too-fast = 短时间内消息太多：请稍等
net-chat-line-empty = 聊天内容为空
net-chat-too-long = 聊天内容有 { $count } 个字符，最多允许 { $most } 个
net-not-connected = 对方没有连接
question-leave-network = 离开这盘网络对局回到菜单？对局会立即对双方结束，并计为你的负局。
net-leave-sure = 离开这盘对局？对局会立即对双方结束，并计为你的负局。
net-leave-yes = 是，离开

# Study tree panel
study-promote = 设为主线
study-promote-tip = 当前显示的变化成为棋谱的主线
study-delete = 清除变化
study-delete-tip = 清除当前局面和之后的所有棋步（可以恢复）
study-undo-delete = 恢复变化
study-comment = 这一局面的评语：
study-comment-hint = 输入评语
study-marks = 标记：
study-mark-none = 无
study-mark-label = A B C
study-mark-triangle = 三边形
study-mark-square = 正方形
study-marking = 点击棋盘放置标记，不会落子。
study-view = 棋盘：
study-rotate = 换方向
study-rotate-tip = 棋盘按顺时针方向换向（T）；棋谱不变
study-flip = 对称
study-flip-tip = 棋盘变为对称的样子（F）；棋谱不变
study-reset-view = 回到初始
study-number-last = 显示最后的手数：
study-number-last-tip = 在最后 N 个棋子上显示手数（L：最后 10 步或不显示）；0 为不显示
# Engines
game-over-reason-forfeit = { $name }（{ $side }）违规输了：引擎违反了对局规则。
engine-lost-time = { $name }（{ $side }）输了：{ $seconds } 秒内没有落子。
engine-lost-crash = { $name }（{ $side }）输了：引擎停止了运行。
engine-lost-taken = { $name }（{ $side }）输了：落在 { $point }，该点已有棋子。
engine-lost-off-board = { $name }（{ $side }）输了：落在棋盘之外。
engine-lost-forbidden = { $name }（{ $side }）输了：落在 { $point }，这是禁手点。
engine-lost-garbage = { $name }（{ $side }）输了：回答的不是一步棋。
engine-lost-start = { $name }（{ $side }）输了：引擎无法开始对局。
hint-engine-plain = { $engine } 建议这步棋
hint-engine-score = { $engine } 建议这步棋（分数 { $score }，深度 { $depth }）
hint-engine-score-nodepth = { $engine } 建议这步棋（分数 { $score }）
hint-engine-win = { $engine } 建议这步棋：{ $moves } 步内必胜
hint-engine-loss = { $engine } 建议这步棋，不过看到 { $moves } 步内必输
notice-analyst-failed = { $engine } 没有给出提示，已关闭；再次请求提示即可重新启动。
notice-analyst-failed-study = { $engine } 停止响应，已关闭；分析已关闭，可再次打开。
notice-review-engine-failed = { $engine } 无法复盘本局（{ $reason }）；改由 Tengen 自己的引擎复盘。
# File dialog and audit
records-open-path = 或输入文件位置：
records-open-path-hint = ~/games/game.sgf
records-open-path-button = 打开
# Settings → Engines
engines-button = 引擎…
engines-title = 引擎
engines-subtitle = 可以对弈的 Gomocup 程序
engines-own-name = Tengen
engines-own-note = Tengen 自己的引擎，一直都在
engines-hints = 提示来自
engines-hints-tip = 给你提示的引擎
engines-own-choice = Tengen（自带）
engines-author = 作者：{ $author }
engines-test = 试一下
engines-remove = 除去
engines-threads = 线程
engines-threads-tip = INFO thread_num；0 由引擎自己选
engines-memory = 内存
engines-memory-tip = INFO max_memory；0 为不限
engines-megabytes = { " " }MB
engines-info = INFO
engines-info-hint = key=value
engines-info-tip = 其他 INFO 行，每行一个 key=value，引擎启动时发送
engines-removed = 已除去 { $name }。
engines-undo = 恢复
engines-program = 程序
engines-program-hint = /path/to/pbrain-engine
engines-browse = 浏览…
engines-browse-tip = 在文件选择窗口中选择引擎程序
engines-dialog-title = 选择引擎程序
engines-arguments = 命令行
engines-add = 加入
engines-working = 正在等待引擎回答…
engines-played = 在空棋盘上落在 { $point }，用时 { $ms } ms。
engines-already-added = 这个程序和命令行已在列表中。
engines-refused = 没有加入：{ $why }
engines-test-failed = 试下没有通过：{ $why }
engines-why-not-started = 无法从这个位置启动程序。
engines-why-crashed = 程序停止了运行。
engines-why-silent = { $seconds } 秒内没有引擎的回答；这是 Gomocup 引擎吗？
engines-why-board = 它不能在 15×15 棋盘上下棋。
engines-why-no-move = { $seconds } 秒内没有落子。
engines-why-garbage = 回答的不是一步棋。
engines-renju-yes = 连珠：守住黑棋禁手。
engines-renju-no = 连珠：试一下时执黑下了禁手点；连珠对局中执黑会输棋。
engines-renju-unknown = 连珠：尚未试过（“试一下”会查明）。
tournament-button = 引擎对战…
tournament-title = 引擎对战
tournament-subtitle = 已加入的引擎互相对局
tournament-engines = 引擎
tournament-no-engines = 请先加入两个或更多引擎。
tournament-rule = 规则 (15×15)
tournament-rule-freestyle = 自由
tournament-rule-standard = 标准（正好五子）
tournament-rule-renju = 连珠
tournament-games = 每对局数
tournament-concurrency = 同时
tournament-time = 每步时间
tournament-ms = { " " }ms
tournament-time-tip = 每步的时限（Gomocup 的 timeout_turn）；0 表示只用整局时间。未按时应着的引擎输棋。
tournament-game-clock = 整局时间
tournament-s = { " " }秒
tournament-increment = + 每步加
tournament-game-clock-tip = 每个引擎整局可用的时间（0：不限），每走一步后加上加秒（Gomocup 的 timeout_match 与 time_left）。时间用完的引擎输棋。
tournament-no-renju = { $engine } 试一下时执黑下了禁手点：它不会下连珠。
tournament-openings-browse-tip = 在文件选择窗口中选择开局文件
tournament-openings-dialog-title = 选择开局文件
tournament-folder-browse-tip = 在文件选择窗口中选择对战文件夹
tournament-folder-dialog-title = 选择对战文件夹
tournament-openings = 开局
tournament-openings-hint = 内置开局
tournament-openings-tip = 开局文件（每行 h8i9j10 或 0,0, 1,-1）；留空则用内置开局
tournament-folder = 文件夹
tournament-folder-tip = 每局以 SGF 保存在这里，还有继续时读取的文件
tournament-start = 开始
tournament-resume = 继续
tournament-resume-tip = 继续文件夹中保存的对战
tournament-choose-two = 请选择两个或更多引擎
tournament-stop = 停止
tournament-new = 新对战
tournament-refused = 未开始：{ $why }
tournament-playing = 已下 { $played } / { $total } 局
tournament-stopped = 已停止：已下 { $played } / { $total } 局
tournament-over = 结束：已下 { $played } / { $total } 局
tournament-now = 第 { $number } 局：{ $black }（黑）对 { $white }，{ $moves } 子
tournament-engine = 引擎
tournament-points = 分数
tournament-played = 局数
tournament-elo = Elo
tournament-forfeits = 违规
tournament-forfeit-crash = 出错 { $count }
tournament-forfeit-time = 超时 { $count }
tournament-forfeit-illegal = 不合法 { $count }
tournament-forfeit-forbidden = 禁手 { $count }
new-game-engine = 引擎
new-game-engine-tip = Tengen 自己的引擎，或在 设置 → 引擎 中加入的引擎
new-game-engine-side-tip = 下{ $side }的引擎
