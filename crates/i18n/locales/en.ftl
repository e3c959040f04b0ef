# Tengen, English. Every word the player sees, grouped by screen.
# Ids are kebab-case and start with their screen; variables are { $name }.
# Other languages must hold exactly these ids (checked by the tengen-i18n tests).

## The window

window-title = Tengen — Gomoku

## The game's own words: rules, modes, levels, sides, seats

preset-tictactoe = Tic-tac-toe 3×3
preset-freestyle15 = Gomoku 15×15 freestyle
preset-standard15 = Gomoku 15×15 standard (exactly five)
preset-renju15 = Renju 15×15
preset-freestyle19 = Gomoku 19×19 freestyle
preset-freestyle20 = Gomoku 20×20 freestyle
mode-hvc = You vs computer
mode-hvh = Two players
mode-cvc = Computer vs computer
level-low = Low
level-medium = Medium
level-expert = Expert
side-black = Black
side-white = White
side-x = X
side-o = O
seat-you = You
seat-computer = Computer
seat-player-1 = Player 1
seat-player-2 = Player 2
seat-computer-a = Computer A
seat-computer-b = Computer B
seat-computer-strength = Computer ({ $strength })
# A duration under a minute, and a longer one.
startup-no-display = No display was found: Tengen needs a graphical desktop (an X11 or Wayland session), and neither DISPLAY nor WAYLAND_DISPLAY is set. Start it from your desktop. (The engine alone, pbrain-tengen, runs without one.)
startup-display-unreachable = The display could not be reached ({ $display }): no window system answers there. Start Tengen from your desktop session. ({ $detail })
date-and-time = { $day } { $month ->
        [1] Jan
        [2] Feb
        [3] Mar
        [4] Apr
        [5] May
        [6] Jun
        [7] Jul
        [8] Aug
        [9] Sep
        [10] Oct
        [11] Nov
        *[12] Dec
    } { $year }, { $time }
duration-seconds = { $seconds } s
duration-minutes = { $minutes } min { $seconds } s
# "5 moves", used inside longer sentences.
moves-count = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}

## Main menu

menu-title = Tengen
menu-subtitle = Gomoku · Renju · Tic-tac-toe
menu-new-game = New game
menu-continue = Continue
menu-continue-game = { $preset }, move { $move }
menu-no-unfinished-game = No unfinished game
menu-settings = Settings
menu-statistics = Statistics
menu-quit = Quit
menu-back = Back
menu-done = Done
menu-keys = In game: Ctrl+Z undo · Ctrl+Y redo · H hint · A analysis · R review · E set up a position · N new game · Esc menu · arrows + Enter place · keypad 1–9 on 3×3

## New game page

new-game-title = New game
new-game-subtitle = Choose who plays, the rules and the board
new-game-start = Start game
new-game-players = Players
new-game-rules = Rules
new-game-board = Board
new-game-board-size = { $size } × { $size }, { $length } in a row wins
new-game-board-size-exact = { $size } × { $size }, exactly { $length } in a row wins (six or more wins nothing)
new-game-board-size-renju = { $size } × { $size }, exactly { $length } in a row wins; black may not play a double three, a double four or six in a row
new-game-you-play = You play
new-game-player-1-plays = Player 1 plays
new-game-computer-a-plays = Computer A plays
new-game-black-first = Black (moves first)
new-game-x-first = X (moves first)
new-game-computer = Computer
new-game-expert-thinks = Expert thinks
new-game-seconds-a-move = { " " }s a move

## Settings

settings-title = Settings
settings-subtitle = Sound, motion and looks
settings-sound = Sound
settings-sound-effects = Sound effects
settings-no-sound-device = Sound is off: no sound device was found.
settings-volume = Volume
settings-animation = Animation
settings-animation-off = Off
settings-animation-normal = Normal
settings-animation-fast = Fast
settings-theme = Theme
settings-theme-classic = Classic wood
settings-theme-contrast = High contrast
settings-board = Board
settings-show-coordinates = Show coordinates
settings-mark-forbidden = Mark forbidden points (renju)
settings-numbering = Move numbers
settings-numbering-single = Single moves
settings-numbering-single-tip = Every stone its own number: 1, 2, 3 …, as renju records count
settings-numbering-pairs = Pairs
settings-numbering-pairs-tip = Black's move and White's answer under one number: 1. h8 h9, as chess counts
settings-contrast-note = High contrast also tells markers apart by shape, not only by colour.
settings-files = Files
settings-language = Language
# The choice that follows the desktop's language.
settings-language-system = System ({ $language })
settings-done = Done

## The panel beside the board (HUD)

hud-title = Tengen
hud-computer-level = Computer: { $level }
hud-wins-in = { $side } wins in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
hud-draw-board-full = Draw: the board is full
hud-draw-black-stuck = Draw: black has no legal move
hud-move-computer-thinking = Move { $move } — the computer thinks
hud-move-now = Move now
hud-move-now-tip = The computer plays the best move it has found so far
hud-move-to-play = Move { $move } — { $side } to play
hud-opening-step = Opening — { $player } to act
hud-record-at = A record: move { $shown } of { $total }
hud-forbidden-point = { $cell }: { $reason }
hud-looking-for-hint = Looking for a hint
hud-paused = Paused — Step or Resume
hud-hint = Hint: { $cell } — { $reason }
hud-undo = Undo
hud-redo = Redo
hud-hint-button = Hint
hud-new-game = New game
hud-menu = Menu
hud-settings = Settings
hud-pause = Pause
hud-resume = Resume
hud-step = Step
hud-chances = chances
hud-chances-tip = Black's and White's chances of winning, as the search that chose the last move saw them.
hud-pace = Pace { $seconds } s
hud-pace-tip = The least time each move stays before the next one: click for slower, then back to brisk.
hud-score = Score
hud-draws = Draws
hud-reset-score = Reset score
hud-moves = Moves
hud-game-tally = Undos { $undos } · Hints { $hints }
hud-no-moves-yet = No moves yet

## Game over

game-over-in-progress = Game in progress
game-over-draw = Draw
game-over-you-win = You win!
game-over-computer-wins = The computer wins
game-over-seat-wins = { $who ->
    [you] You ({ $side }) win
   *[other] { $name } ({ $side }) wins
}
game-over-reason-resignation = { $who ->
    [you] You ({ $side }) resigned.
   *[other] { $name } ({ $side }) resigned.
}
game-over-reason-time = { $who ->
    [you] Your time ({ $side }) ran out.
   *[other] The time of { $name } ({ $side }) ran out.
}
game-over-reason-agreement = Both players agreed to a draw.
game-over-reason-forbidden = { $name } ({ $side }) played a forbidden point, which loses under this rule.
game-over-reason-abandoned = The game could not go on: nobody wins.
game-over-reason-left = { $who ->
    [you] You ({ $side }) left the game.
   *[other] { $name } ({ $side }) left the game.
}
hud-resign = Resign
hud-resign-tip = Give up this game: it counts as a loss (Ctrl+Shift+R).
question-resign = Resign this game? It counts as a loss, in the score and the rating.
question-resign-to-leave = Leave this game for another? It is resigned and counts as a loss, in the score and the rating. No keeps it going.
game-over-comment-draw = Nobody gave an inch: the board filled up.
game-over-comment-draw-black-stuck = Nobody gave an inch: black was left with only forbidden points.
game-over-comment-clean-win = A clean win in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}: no undo, no hint.
game-over-comment-long-fight = A long fight: { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
game-over-comment-quick-finish = A quick finish in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
game-over-comment-computer-won = The computer found the line. Ask for a hint next time?
game-over-comment-long-think = A long think, and it paid off.
game-over-comment-decided = Decided in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
game-over-moves = Moves
game-over-undos = Undos
game-over-hints = Hints
game-over-time = Time
game-over-new-game = New game
game-over-rematch = Rematch
game-over-rematch-tip = The same game with colours swapped
game-over-menu = Menu

## Hint reasons (the engine says why; the game words it)

hint-reason-opening = take the centre
hint-reason-make-five = make five
hint-reason-block-five = block the five
hint-reason-make-open-four = make an open four
hint-reason-forced-win-fours = forced win with continuous fours in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
hint-reason-forced-win = forced win with threats in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
hint-reason-forced-win-threats = forced win with threats
hint-reason-make-four-three = make a four-three
hint-reason-make-four = make a four
hint-reason-make-double-three = make a double three
hint-reason-make-open-three = build an open three
hint-reason-block-open-three = block the open three
hint-reason-block-double-threat = stop a double threat
hint-reason-take-key-point = take the opponent's key point
hint-reason-losing-anyway = every move loses; this one holds out longest
hint-reason-good-shape = a good shape

## Renju: why black may not play a point

forbidden-double-three = forbidden for black: double three
forbidden-double-four = forbidden for black: double four
forbidden-overline = forbidden for black: overline (six or more in a row)

## Notices (short messages under the board status)

notice-occupied = That point is already taken.
notice-forbidden = Renju: { $reason }.
notice-not-your-turn = Wait: it is the computer's turn.
notice-game-over = The game is over.
notice-game-over-start-new = The game is over: start a new game or a rematch.
notice-nothing-to-undo = Nothing to undo.
notice-overline-wins-nothing = Six or more in a row wins nothing under this rule: only exactly { $length } wins.
notice-nothing-to-redo = Nothing to redo.
notice-record-board-not-offered = This record is played on a board the game does not offer ({ $board }).
notice-hints-own-turn = Hints are for your own turn.
notice-looking-for-move = Looking for a good move…
notice-no-move-to-suggest = No move to suggest.
notice-hall-of-fame = A new fastest win: you are in the hall of fame!
# Two sentences said at once: the first, then the second.
notice-two-notes = { $first } { $second }
notice-saved-board-not-offered = The saved game is played on a board this version does not offer ({ $board }); a new game starts.
notice-no-home-folder = No home folder was found: settings, saved games and statistics are not kept.
notice-autosave-renamed-failed = { $why } It could not be renamed: { $error }.
notice-autosave-kept-as = { $why } It was kept as { $path }.
notice-saved-as = Saved as { $path }
notice-could-not-open = Could not open { $path }: { $error }
notice-game-opened-steps = Game opened: Undo and Redo step through it.
notice-game-opened = Game opened.
notice-nothing-to-open = Nothing to open: paste a record or a position string like h8i9j10.
notice-could-not-read = Could not read it: { $error }
notice-copied = Copied { $text }
notice-clipboard-empty = The clipboard holds no text.

## Where the files are (Settings → Files)

files-settings = Settings: { $path }
files-game-in-progress = Game in progress: { $path }
files-statistics = Statistics: { $path }
files-finished-games = Finished games: { $path }
files-saved-games = Saved games: { $path }
files-nothing-saved = Nothing is saved: no home folder was found.

## Records bar and its windows: save/open, history, statistics

records-save-open = Save / Open…
records-history = History
records-statistics = Statistics
records-save-open-title = Save and open games
records-history-title = Finished games
records-statistics-title = Statistics and hall of fame
records-save-sgf = Save this game (SGF)
records-save = Save
records-copy-position = Copy the position string
records-open-file = Open a file (.sgf or .psq)
records-folder-note = Names without a folder are in { $folder }
records-open = Open
records-paste-heading = Or paste an SGF record or a position string (h8i9j10)
records-paste-clipboard = Paste from the clipboard
records-open-pasted = Open pasted
records-position-rule-note = Position strings and .psq files are read on the menu's board: { $preset }.
records-play-on = Play on against the computer (you take the side to move)
records-no-finished-games = No finished games yet.
records-date = Date
records-rule = Rule
records-players = Players
records-result = Result
records-moves = Moves
records-unfinished = unfinished
records-result-black-wins = black wins
records-result-white-wins = white wins
records-result-draw = draw
records-replay = Replay
records-replay-tip = Step through it with Redo and Undo, and play on from any move
records-your-name = Your name in the hall of fame:
records-hall-of-fame = Hall of fame
records-hall-of-fame-empty = Win against the computer to enter it.
records-fame-fastest = fastest win { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} by { $player } on { $date }
records-fame-line = { $level } · { $rule }: { $fastest }; best streak { $streak }
records-fame-line-streak = { $level } · { $rule }: best streak { $streak }
records-against-computer = Against the computer
records-no-computer-games = No games against the computer yet.
records-level = Level
records-won = Won
records-lost = Lost
records-drawn = Drawn
records-streak = Streak
records-best = Best
records-fastest-win = Fastest win
records-fastest-cell = { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}, { $player } ({ $date })
records-reset-confirm = Forget every record and the hall of fame?
records-reset-yes = Yes, reset
records-reset-keep = Keep them
records-reset = Reset statistics…
records-files = Files
records-file-problem = A file could not be used
records-ok = OK

## Network
net-menu-button = Network game
net-forms-title = Network game
net-host-heading = Host a network game
net-join-heading = Join a network game
net-rule = Rule
net-you-play = You play
net-black = Black (moves first)
net-white = White
net-port = Port
net-address = Address (host:port)
net-passphrase = Passphrase (optional)
net-host-button = Host
net-join-button = Join
net-close = Close
net-port-hint = For play over the internet, open this TCP port on the host's router (0 picks a free port).
net-join-rule-hint = Choose the rule the host chose: a different one is refused.
net-found-games = Games on this network:
net-looking-for-games = Looking for games on this network…
net-found-game = { $name } · { $rule } · { $address }
net-found-game-passphrase = { $name } · { $rule } · { $address } · passphrase
net-discovery-off = Games on this network cannot be listed: { $reason }. Type the address instead.
net-panel-title = Network game
net-leave = Leave
net-send = Send
net-reconnect = Reconnect
net-resign = Resign
net-resign-sure = Resign this game? It ends at once, for both of you.
net-resign-yes = Yes, resign
net-resign-no = No, play on
net-offer-draw = Offer a draw
net-accept-draw = Accept the draw
net-decline-draw = Decline the draw
net-decline-undo = Decline undo
net-accept-undo = Accept undo
net-asks-undo = The other player asks to take back their last move.
net-asks-draw = The other player offers a draw.
net-bad-port = The port must be a number from 0 to 65535.
net-no-address = Type the host's address and port, for example 192.168.1.20:47015.
net-you = You
net-host-name = Host
net-guest-name = Guest
net-other-player = The other player
net-off = Not connected
net-connecting = Connecting…
net-connected = Connected
net-hosting = Hosting a network game on port { $port }: waiting for the other player.
net-connected-to = { $peer } is connected. Have a good game!
net-closed-for = The connection was closed: { $reason }.
net-paused = The game is paused: { $reason }. Waiting for the other player to reconnect…
net-reconnecting = Reconnecting (attempt { $attempt })…
net-rejected = A connection was refused: { $reason }.
net-not-sent = Not sent to the other player: { $reason }.
net-cannot-host = Could not host a network game: { $error }.
net-cannot-join = Could not join { $address }: { $error }.
net-chat = { $who }: { $text }
net-chat-empty = No messages yet: write one below.
net-left = You left the network game.
net-resuming = Picking up the saved network game…
net-nothing-to-reconnect = There is no saved network game to reconnect to.
net-no-redo = Redo is not offered in a network game.
net-no-restart = A network game cannot be restarted here: leave it for the menu first.
net-bad-resumed-game = The other machine sent a game that cannot be played on this board: the connection is closed.
net-undo-requested = The other player asks to take back their last move: accept or decline it in the Network game panel.
net-undo-asked = Undo asked: waiting for the other player to accept.
net-undo-declined = The undo was declined.
net-rematch-offered = The other player offers a rematch with colours swapped: press Rematch to accept.
net-rematch-asked = Rematch offered: waiting for the other player to accept.
net-rematch-declined = The rematch was declined.
net-draw-offered = The other player offers a draw: accept or decline it in the Network game panel.
net-draw-asked = Draw offered: waiting for the other player's answer.
net-draw-declined-by-them = The other player declined the draw.
net-draw-declined-by-you = You declined the draw.
net-you-resigned = You resigned: the other player wins.
net-they-resigned = The other player resigned: you win!
net-draw-agreed = Draw agreed.
net-time-up = Time is up: the host's clock ran out.
net-unknown-time = The host plays under a time control this version does not know ({ $time }): the game is played without a clock.
net-ended = The network game cannot go on: { $reason }. It ends here and is kept in the history.
## Position editor, renju opening names and the board as an image

editor-menu-button = Set up a position
editor-menu-hint = Place stones freely, then play on from there
editor-title = Set up a position
editor-rule-tip = The rule and board the position is set up on; the stones stay where they fit
editor-help = Click a point to put a stone of the chosen colour there; click the same stone again to take it away. Keys: B black, W white, X erase.
editor-stone = Stone
editor-erase = Erase
editor-to-move = To move
editor-stones = Black: { $black } · White: { $white }
editor-help-tic-tac-toe = Click a square to put the chosen mark there; click it again to take it away. Keys: X, O, Delete to erase.
editor-stones-tic-tac-toe = X: { $black } · O: { $white }
editor-clear = Clear the board
editor-play-computer = Play against the computer
editor-play-computer-hint = You take the side to move
editor-play-friend = Play with a friend
editor-back = Back to the menu
editor-refused-five = Not there: that stone would make a winning row, and a game cannot start from a won position.
editor-refused-full = Not there: the board would be full, with nothing left to play.
editor-refused-black-stuck = Not there: black, to move, would have only forbidden points left.
opening-label = Opening: { $name } ({ $kind })
opening-direct = direct
opening-indirect = indirect
opening-kansei = Kansei
opening-keigetsu = Keigetsu
opening-sosei = Sosei
opening-kagetsu = Kagetsu
opening-zangetsu = Zangetsu
opening-ugetsu = Ugetsu
opening-kinsei = Kinsei
opening-shogetsu = Shōgetsu
opening-kyugetsu = Kyūgetsu
opening-shingetsu = Shingetsu
opening-zuisei = Zuisei
opening-sangetsu = Sangetsu
opening-yusei = Yūsei
opening-chosei = Chōsei
opening-kyogetsu = Kyōgetsu
opening-kosei = Kōsei
opening-suigetsu = Suigetsu
opening-ryusei = Ryūsei
opening-ungetsu = Ungetsu
opening-hogetsu = Hogetsu
opening-rangetsu = Rangetsu
opening-gingetsu = Gingetsu
opening-myojo = Myōjō
opening-shagetsu = Shagetsu
opening-meigetsu = Meigetsu
opening-suisei = Suisei
export-button = Export image…
export-title = Board picture
export-coordinates = Coordinates
export-numbers = Move numbers
export-choose = Choose a file…
export-file-filter = PNG image
export-saved = Image saved as { $path }
export-failed = Could not save the image: { $error }
swap-rule = Opening
swap-rule-free = Free
swap-rule-swap = Swap
swap-rule-swap2 = Swap2
swap-rule-hint = Swap and swap2 balance the first move: one player places the first stones, the other chooses a colour.
new-game-time = Clock
new-game-time-hint = Each player's time for the game; a clock that runs out loses.
time-none = No clock
time-bullet = Bullet
time-blitz = Blitz
time-rapid = Rapid
time-classical = Classical
time-fischer = Fischer
time-byo-yomi = Byo-yomi
time-per-move = Per move
time-per-move-limit = { $seconds } s a move
time-custom = Custom…
time-custom-hint = Write it as players do: 3+2 (minutes + seconds a move), 20s+1, byo-yomi 10+3x30 (minutes, then 3 periods of 30 s) or 10/move (seconds a move).
swap-place-three = { $player }: place the first three stones — black, white, black.
swap-place-two = { $player }: place two more stones — white, then black.
swap-choose = { $player }: choose your colour.
swap-choose-or-two = { $player }: choose your colour, or place two more stones.
swap-take-black = Play black
swap-take-white = Play white
swap-take-two = Place two more
swap-computer-placing = The computer is placing the opening stones…
swap-computer-choosing = The computer is choosing a colour…
swap-computer-chose = The computer plays { $side }.
swap-computer-two = The computer placed two more stones: now you choose.
swap-wait = First the colours: choose one with the buttons in the side panel.
swap-rule-rif = RIF
swap-rule-yamaguchi = Yamaguchi
swap-rule-soosorv = Soosõrv-{ $n }
swap-rule-taraguchi = Taraguchi-{ $n }
swap-rule-tournament = Renju rules…
swap-rule-offers-hint = How many fifth moves black may offer (Soosõrv: at most this many, as white declares; Taraguchi: exactly this many).
swap-rule-tournament-hint = Renju's tournament rules: one of the 26 openings, then fifth moves offered by black.
opening-place-three = { $player }: place one of the 26 openings — black on the centre, white beside it, black within the 5×5 square.
opening-place-stone = { $player }: place stone { $number } within the central { $side }×{ $side } square.
opening-place-fourth = { $player }: play the fourth stone (white) anywhere.
opening-declare = { $player }: how many fifth moves will black offer?
opening-declare-taraguchi = { $player }: place the fifth stone within the 9×9 square yourself, or offer { $n } fifth moves.
opening-place-fifth = Place it myself
opening-offer-n = Offer { $n }
opening-offering = { $player }: offer { $count } fifth moves, no two alike by symmetry — { $placed } of { $count } placed.
opening-selecting = { $player }: choose one of black's { $count } fifth moves (the numbered marks).
opening-computer-acting = The computer is taking its step of the opening…
opening-computer-declared = The computer declared { $count } fifth moves.
opening-declared = Fifth moves to offer: { $count }.
notice-outside-opening = Stone { $number } of the opening goes within the central { $side }×{ $side } square.
notice-already-offered = That fifth move is already offered.
notice-symmetric-offer = That fifth move is a mirror image of { $cell }, already offered: offer another.
notice-not-offered = Choose one of the offered fifth moves (the numbered marks).

## Game over card: folding it away
hud-colour-not-chosen = colour not chosen yet
hud-wins = { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}

## The question before a new game
question-new-game = Start a new game? The game in progress will be lost.
question-reset-score = Reset the score? The wins and draws of this session will be lost.
question-yes = Yes
question-no = No

## Records windows (second pass)
records-dialog-open-title = Open a game
records-dialog-save-title = Save the game
records-dialog-filter = Game records
records-menu = Records…
records-save-as = Save as…
records-copied = Copied { $text }
records-open-heading = Open a game record (.sgf, .psq or text)
records-open-file-button = Open a file…
records-open-or-drop = (Ctrl+O) or drop a file on the window
records-clipboard-empty = The clipboard holds no text.
records-play-on-at-once = Play on against the computer at once (you take the side to move); otherwise the record opens to be looked through
records-replay-look-tip = Look through it move by move, and play on from any move
records-technical-detail = Technical detail

## The record viewer
viewer-title = Record
viewer-first = First (Home)
viewer-previous = Previous (←)
viewer-next = Next (→)
viewer-last = Last (End)
viewer-position-tip = The move shown, of the record's moves
viewer-wins-here = { $who ->
    [you] You win here.
   *[other] { $name } wins here.
}
viewer-draw = A draw: the board is full.
viewer-draw-black-stuck = A draw: black has only forbidden points left.
viewer-move-numbers = Move numbers on the stones
viewer-continue-from-here = Continue from here:
viewer-two-players = Two players
viewer-against-computer = Against the computer
viewer-against-computer-tip = You take the side to move
viewer-start = Start

## Refusals (second pass)
notice-remote-turn = Wait: it is the other player's turn (on the other machine).
notice-not-connected = Wait: the other player is not connected.
notice-record-over-here = The game is over here: step back to play on from an earlier move.
notice-record-move-unplayable = Move { $move } of the record cannot be played: { $error }.
notice-game-opened-play-on = Game opened: you play the side to move.
notice-record-opened = Record opened: ← → step through it, Up and Down switch branches; a stone off the line starts a branch.
notice-open-too-large = it is far too large to be a game record.
notice-open-not-text = it is not a text file, nor an .sgf or .psq record.

## Live analysis and game review
hud-analysis = Analysis
hud-analysis-tip = What the engine sees: the chances, its best line and the best moves (A). Against the computer, each of your positions it shows counts as a hint.
analysis-thinking = Analysing…
analysis-game-over = The game is over.
analysis-detail = Depth { $depth }
analysis-by-engine = { $engine }: { $what }
analysis-forced-win = { $side } wins by force.
analysis-line = Best line: { $line }
analysis-bar-tip = Black's and White's chances with best play, as the engine sees them
notice-analysis-not-in-network = Analysis is not offered in a network game.
notice-hints-not-in-network = Hints are not offered in a network game.
notice-review-finished-games = Finish the game first: a review looks at a whole game.
game-over-review = Review the game
game-over-review-tip = The engine looks at every move: the chances over the game, and the mistakes marked with better moves
viewer-review = Review this game
review-title = Review
review-close = Close
review-progress = Position { $done } of { $total }…
review-progress-engine = { $engine }: position { $done } of { $total }…
review-title-engine-tip = Reviewed by { $engine }, the engine chosen for hints in Settings → Engines.
review-class-best = best
review-class-good = good
review-class-inaccuracy = inaccuracy
review-class-mistake = mistake
review-class-blunder = blunder
review-better = better { $move }
review-accuracy = { $percent } %
review-accuracy-tip = Accuracy: 100 % means every move kept the chances the best move kept
review-graph-tip = Black's chances after each move. Click to show that move.
review-accuracy-heading = Accuracy
review-pick-a-move = Step through the moves (← →) or click the graph.
review-chances = { $side }'s chances: { $before } % before, { $after } % after
review-play-better = Show the better line
review-play-winning = Show the winning line
review-play-refutation = Show the refutation
review-line-better = Better line: move { $step } of { $total }
review-line-winning = Winning line: move { $step } of { $total }
review-line-refutation = Refutation: move { $step } of { $total }
review-line-move = { $move }: { $reason }
review-line-keys = Step through the line with ← →; Back returns to the move reviewed.
review-line-back = Back
review-refutation = refutation
## File notices, worded when shown (some are raised at start, before the language is known)
file-name-settings = The settings file
file-name-autosave = The file of the game in progress
file-name-statistics = The statistics file
file-name-history = A file of the game history
file-name-record = The game record file
file-problem-unreadable = { $file } could not be read.
file-problem-cut-short = { $file } is cut short (its writing never finished).
file-problem-damaged = { $file } is damaged and could not be read.
file-problem-too-new = { $file } was written by a newer version of Tengen.
file-problem-impossible = { $file } holds a game that cannot be played.
file-problem-saved-match = The saved game's opening or clocks do not fit its moves, so it cannot be continued.
file-fallback-settings = Default settings are used.
file-fallback-autosave = There is no game to continue; a new game starts.
file-fallback-statistics = Statistics start again from zero.
file-fallback-history = It is left out of the history list.
file-fallback-record = It is not opened.
file-notice-unusable = { $problem } { $fallback }
file-notice-unusable-kept = { $problem } { $fallback } The old file was kept as a backup at { $path }.
file-notice-not-saved-why = { $file } could not be saved: { $reason }.
save-trouble-line = Not saved: { $what }, because { $reason } ({ $name })
save-what-autosave = the game in progress
save-what-settings = the settings
save-what-statistics = the statistics
save-what-history = the finished game
save-what-record = the game record
save-what-two = { $first } and { $second }
save-what-more = { $first }, { $more }
save-trouble-started = { $file } cannot be saved ({ $name }): { $reason }. Play on: the game saves again by itself as soon as it can.
save-trouble-over = Saving works again: everything is saved.
save-reason-disk-full = the disk is full
save-reason-read-only = the folder is read-only
save-reason-not-allowed = Tengen is not allowed to write there
save-reason-folder-gone = its folder is gone
save-reason-other = { $error }
file-notice-no-home = No home folder was found: settings, saved games and statistics are not kept.
file-notice-other-window = Another Tengen window is already running; this one will not touch the saved game.
notice-could-not-save = Could not save { $path }: { $error }
records-review = Review

# The strength ladder and "Match my strength"
step-plain = Step { $step }
step-level = Step { $step } · { $level }
new-game-match-me = Match my strength
new-game-match-me-tip = Each game, the computer plays the step that gives you about even chances, from your rating for this rule.
new-game-step = Step
new-game-step-matched = { $step }, matched to you
new-game-step-rating = { $step } · rating { $rating }
new-game-step-below = { $step } · easier than { $level }
new-game-step-between = { $step } · between { $lower } and { $upper }
new-game-step-tip = Fourteen steps, each a little stronger than the one before: Low is step 2, Medium 7, Expert 14. The number is the step's rating.
new-game-step-tic-tac-toe = 3×3 keeps its three levels.
notice-rating-change = Your rating: { $before } → { $after }
notice-rating-change-why = Your rating: { $before } → { $after }: { $why }
rating-why-aids = { $aids }: { $draw ->
    [1] counted as a draw
   *[other] this win counted as { $percent } % of one
}
rating-why-little = { $result ->
    [0] a win over a much weaker opponent changes little
    [1] a draw with an equal opponent changes little
   *[other] a loss to a much stronger opponent changes little
}
rating-aid-hints = { $count ->
    [one] 1 hint
   *[other] { $count } hints
}
rating-aid-undos = { $count ->
    [one] 1 undo
   *[other] { $count } undos
}
rating-aid-both = { $hints } and { $undos }

# Puzzles
puzzle-menu-button = Puzzles
puzzle-menu-hint = Find the win: positions from the computer's own games, one winning move each.
puzzle-title = Find the win
puzzle-number = Puzzle { $number } of { $count } · { $rule }
puzzle-goal-fours = { $side } to play and win with fours in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
puzzle-goal-threes = { $side } to play and win with threes and fours in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
puzzle-difficulty = Difficulty { $difficulty } of 5
puzzle-moves-left = Your move. { $moves ->
    [one] One move
   *[other] { $moves } moves
} left to make five; the computer defends as well as it can.
puzzle-solved = Solved!
puzzle-solved-with-hints = Solved, with { $hints ->
    [one] one hint
   *[other] { $hints } hints
}.
puzzle-missed-refuted = { $move } does not win: the answer at { $answer } holds. Try again, or go on to the next puzzle.
puzzle-missed = { $move } does not win in the moves left. Try again, or go on to the next puzzle.
puzzle-progress = Your progress
puzzle-rating = Puzzle rating { $rating } · { $solved } of { $count } solved
puzzle-hint = Hint
puzzle-hint-tip = Marks a winning move. A puzzle solved with hints raises your puzzle rating less.
puzzle-hint-reason-fours = it makes a four: the defender must block it, and your next four follows ({ $moves ->
    [one] this move wins
   *[other] { $moves } moves to the five
})
puzzle-hint-reason-threes = it makes a four or an open three, so the defender must answer it and the attack goes on ({ $moves ->
    [one] this move wins
   *[other] { $moves } moves to the five
})
puzzle-retry = Try again
puzzle-next = Next puzzle
puzzle-back = Back to the menu
stats-rating-title = Your rating
stats-rating-rule = { $rule }: { $rating } (± { $deviation }) after { $games ->
    [one] one game
   *[other] { $games } games
}
stats-rating-none = Your rating appears here after your first finished game against the computer.

## The file dialog (egui-file-dialog's own labels, in the player's language)
file-dialog-cancel = Cancel
file-dialog-overwrite = Overwrite
file-dialog-show-hidden = Show hidden
file-dialog-pinned = Pinned
file-dialog-places = Places
file-dialog-home = Home
file-dialog-desktop = Desktop
file-dialog-documents = Documents
file-dialog-downloads = Downloads
file-dialog-music = Music
file-dialog-pictures = Pictures
file-dialog-videos = Videos
file-dialog-pin = Pin
file-dialog-unpin = Unpin
file-dialog-rename = Rename
file-dialog-selected-file = Selected file:
file-dialog-selected-folder = Selected folder:
file-dialog-this-folder = Use this folder
file-dialog-reload = Reload
file-dialog-file-name = File name:
file-dialog-all-files = All files
file-dialog-open = Open
file-dialog-save = Save
file-dialog-overwrite-text = already exists. Do you want to replace it?
file-dialog-empty-folder-name = The folder needs a name.
file-dialog-empty-file-name = The file needs a name.
file-dialog-folder-exists = A folder of that name is already here.
file-dialog-file-exists = A file of that name is already here.

# Why a record could not be opened (after "Could not open <file>: ").
open-reason-missing = there is no such file.
open-reason-not-allowed = you are not allowed to read it.
open-reason-folder = it is a folder, not a file.
open-reason-unreadable = it could not be read ({ $error }).
open-reason-not-sgf = it is not a readable SGF game record ({ $detail }).
open-reason-not-psq = it is not a readable Piskvork .psq record ({ $detail }).
open-reason-not-position = it is not a position string like h8i9j10 ({ $detail }).
open-reason-not-move-list = it is not a readable Gomocup move list of x,y lines ({ $detail }).
open-reason-bad-setup = its set-up stones cannot be read ({ $detail }).
open-reason-not-playable = its board is not one Tengen plays ({ $detail }).
open-reason-illegal = move { $move } breaks the rules ({ $detail }).
open-reason-unknown-kind = only .sgf and .psq files are game records.
open-reason-board-not-offered = it is played on a board the game does not offer ({ $board }).

# What went wrong with a connection (after "Could not join <address>: " and the like).
net-why-peer-closed = the other player closed the connection
net-why-peer-left = the other player closed the connection ({ $words })
net-why-cut = the connection was cut
net-why-timed-out = the connection timed out
net-why-refused = nothing answers at { $address }: no game is hosted there, or its port is closed
net-why-unreachable = { $address } cannot be reached: no route to it, or no answer
net-why-no-such-host = there is no computer named { $host }
net-why-bad-address = “{ $address }” is not an address with a port, like 192.168.1.20:47015
net-why-port-in-use = port { $port } is already in use by another program
net-why-bad-save = the saved network game cannot be restored ({ $detail })
net-why-other = { $detail }
net-why-broken = the other side broke the game's protocol ({ $detail })
net-why-slow-handshake = the other side took too long to say hello
net-why-dropped-here = the connection was dropped here
net-why-other-left = the other player left the game
net-why-awaiting = waiting for the other player to come back
net-why-closed-after-break = the connection was closed after a broken message
net-why-not-hello = the other side did not start with a hello
net-why-other-app = the other side is not Tengen ({ $theirs })
net-why-version = the other side's Tengen speaks network protocol { $theirs }, this one { $ours }; both players need the same version of Tengen
net-why-rule = the rules differ ({ $ours } here, { $theirs } there)
net-why-size = the boards differ ({ $ours } here, { $theirs } there)
net-why-other-game = the other side brings back another game
net-why-busy = a game is already being played there
net-why-positions-differ = the positions differ ({ $ours } stones here, { $theirs } there), so the game cannot be picked up again
net-why-passphrase-needed = the host asks for a passphrase
net-why-wrong-passphrase = the passphrase is wrong
net-not-your-turn = it is not your turn
net-move-not-allowed = the move is not allowed ({ $detail })
net-game-over = the game is over
net-not-over = a rematch can only be offered once the game has ended
net-nothing-to-undo = you have no move to take back
net-already-asked = that request is already waiting for an answer
net-nothing-to-answer = nobody asked for that
net-too-fast = too many messages in a short time: wait a moment
net-chat-line-empty = the chat line is empty
net-chat-too-long = the chat line has { $count } characters; at most { $most } are allowed
net-not-connected = the other player is not connected
question-leave-network = Leave this network game for the menu? It ends at once, for both of you, and counts as your loss.
net-leave-sure = Leave this game? It ends at once, for both of you, and counts as your loss.
net-leave-yes = Yes, leave

# Study tree panel
study-promote = Make main line
study-promote-tip = The line shown becomes the record's main line
study-delete = Delete branch
study-delete-tip = Deletes the position shown and every move after it (Undo puts it back)
study-undo-delete = Undo delete
study-comment = Comment on this position:
study-comment-hint = Type a comment
study-marks = Marks:
study-mark-none = Off
study-mark-label = A B C
study-mark-triangle = Triangle
study-mark-square = Square
study-marking = A click on the board marks a point: no stone is played.
study-view = Board:
study-rotate = Turn
study-rotate-tip = Turns the board a quarter (T); the record is not changed
study-flip = Mirror
study-flip-tip = Mirrors the board (F); the record is not changed
study-reset-view = As recorded
study-number-last = Number the last moves:
study-number-last-tip = Numbers on the last N stones (L: the last 10, or none); 0 for none
# Engines
game-over-reason-forfeit = { $name } ({ $side }) lost by forfeit: the engine broke the rules of play.
engine-lost-time = { $name } ({ $side }) lost: no move within { $seconds } s.
engine-lost-crash = { $name } ({ $side }) lost: the engine stopped running.
engine-lost-taken = { $name } ({ $side }) lost: it played { $point }, a point already taken.
engine-lost-off-board = { $name } ({ $side }) lost: it played off the board.
engine-lost-forbidden = { $name } ({ $side }) lost: it played { $point }, a forbidden point.
engine-lost-garbage = { $name } ({ $side }) lost: it answered with something that is not a move.
engine-lost-start = { $name } ({ $side }) lost: the engine could not start a game.
hint-engine-plain = { $engine } suggests this move
hint-engine-score = { $engine } suggests this move (score { $score }, depth { $depth })
hint-engine-score-nodepth = { $engine } suggests this move (score { $score })
hint-engine-win = { $engine } suggests this move: a forced win in { $moves } { $moves ->
    [one] move
   *[other] moves
}
hint-engine-loss = { $engine } suggests this move, but sees a forced loss in { $moves } { $moves ->
    [one] move
   *[other] moves
}
notice-analyst-failed = { $engine } gave no hint and was closed; ask again to restart it.
notice-analyst-failed-study = { $engine } stopped answering and was closed; live analysis is off until you turn it on again.
notice-review-engine-failed = { $engine } could not review the game ({ $reason }); Tengen's own engine reviews it instead.
# File dialog and audit
records-open-path = Or type its path:
records-open-path-hint = ~/games/game.sgf
records-open-path-button = Open
# Settings → Engines
engines-button = Engines…
engines-title = Engines
engines-subtitle = Gomocup programs to play against
engines-own-name = Tengen
engines-own-note = Tengen's own engine, always here
engines-hints = Hints from
engines-hints-tip = The engine that gives your hints and says what it sees
engines-own-choice = Tengen (built in)
engines-author = by { $author }
engines-test = Test
engines-remove = Remove
engines-threads = Threads
engines-threads-tip = INFO thread_num; 0 leaves it to the engine
engines-memory = Memory
engines-memory-tip = INFO max_memory; 0 sets no limit
engines-megabytes = { " " }MB
engines-info = INFO
engines-info-hint = key=value
engines-info-tip = Further INFO lines, one key=value a line, sent when the engine starts
engines-removed = Removed { $name }.
engines-undo = Undo
engines-program = Program
engines-program-hint = /path/to/pbrain-engine
engines-browse = Browse…
engines-browse-tip = Choose the engine's program in a file chooser
engines-dialog-title = Choose an engine's program
engines-arguments = Arguments
engines-add = Add
engines-working = Asking the engine…
engines-played = Played { $point } from the empty board in { $ms } ms.
engines-already-added = This program with these arguments is in the list already.
engines-refused = Not added: { $why }
engines-test-failed = The test failed: { $why }
engines-why-not-started = no program could be started from this path.
engines-why-crashed = the program stopped running.
engines-why-silent = no engine's answer within { $seconds } s; is it a Gomocup engine?
engines-why-board = it cannot play on a 15×15 board.
engines-why-no-move = no move within { $seconds } s.
engines-why-garbage = it answered with something that is not a move.
engines-renju-yes = Renju: keeps black's forbidden points.
engines-renju-no = Renju: played a forbidden point as black in its check; in renju it would lose such games as black.
engines-renju-unknown = Renju: not checked yet (Test checks it).
tournament-button = Tournament…
tournament-title = Tournament
tournament-subtitle = The added engines play each other
tournament-engines = Engines
tournament-no-engines = Add two or more engines first.
tournament-rule = Rule (15×15)
tournament-rule-freestyle = Freestyle
tournament-rule-standard = Standard (exactly five)
tournament-rule-renju = Renju
tournament-games = Games per pairing
tournament-concurrency = At once
tournament-time = Time per move
tournament-ms = { " " }ms
tournament-time-tip = Each move's limit (Gomocup's timeout_turn); 0 leaves only the game clock. An engine that does not answer in time loses the game.
tournament-game-clock = Game clock
tournament-s = { " " }s
tournament-increment = + each move
tournament-game-clock-tip = Each engine's time for the whole game (0: none), with the increment added after each of its moves (Gomocup's timeout_match and time_left). An engine whose clock runs out loses the game.
tournament-no-renju = { $engine } played a forbidden point as black in its check: it does not play renju.
tournament-openings-browse-tip = Choose an opening file in a file chooser
tournament-openings-dialog-title = Choose an opening file
tournament-folder-browse-tip = Choose the tournament's folder in a file chooser
tournament-folder-dialog-title = Choose the tournament's folder
tournament-openings = Openings
tournament-openings-hint = the built-in balanced set
tournament-openings-tip = An opening file (h8i9j10 or 0,0, 1,-1 a line); empty for the built-in balanced openings
tournament-folder = Folder
tournament-folder-tip = Each game is saved here as SGF, with the file Resume reads
tournament-start = Start
tournament-resume = Resume
tournament-resume-tip = Continue the tournament kept in the folder
tournament-choose-two = Choose two or more engines
tournament-stop = Stop
tournament-new = New tournament
tournament-refused = Not started: { $why }
tournament-playing = { $played } of { $total } games played
tournament-stopped = Stopped: { $played } of { $total } games played
tournament-over = Finished: { $played } of { $total } games played
tournament-now = Game { $number }: { $black } (black) against { $white }, { $moves } stones
tournament-engine = Engine
tournament-points = Points
tournament-played = Games
tournament-elo = Elo
tournament-forfeits = Forfeits
tournament-forfeit-crash = crash { $count }
tournament-forfeit-time = time { $count }
tournament-forfeit-illegal = illegal { $count }
tournament-forfeit-forbidden = forbidden { $count }
new-game-engine = Engine
new-game-engine-tip = Tengen's own engine, or one added in Settings → Engines
new-game-engine-side-tip = The engine that plays { $side }
