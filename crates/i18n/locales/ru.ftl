# Tengen, русский. Те же id, что в en.ftl, в том же порядке.
# Множественное число: one (1, 21), few (2–4, 22–24), many (5–20, 0).

## The window

window-title = Tengen — Гомоку

## The game's own words: rules, modes, levels, sides, seats

preset-tictactoe = Крестики-нолики 3×3
preset-freestyle15 = Гомоку 15×15, свободные правила
preset-standard15 = Гомоку 15×15, стандарт (ровно пять)
preset-renju15 = Рэндзю 15×15
preset-freestyle19 = Гомоку 19×19, свободные правила
preset-freestyle20 = Гомоку 20×20, свободные правила
mode-hvc = Вы против компьютера
mode-hvh = Два игрока
mode-cvc = Два компьютера
level-low = Слабый
level-medium = Средний
level-expert = Эксперт
side-black = Чёрные
side-white = Белые
side-x = Крестики
side-o = Нолики
seat-you = Вы
seat-computer = Компьютер
seat-player-1 = Игрок 1
seat-player-2 = Игрок 2
seat-computer-a = Компьютер А
seat-computer-b = Компьютер Б
seat-computer-strength = Компьютер ({ $strength })
startup-no-display = Дисплей не найден: Tengen нужен графический рабочий стол (сеанс X11 или Wayland), а ни DISPLAY, ни WAYLAND_DISPLAY не заданы. Запустите игру с рабочего стола. (Движок pbrain-tengen работает и без него.)
startup-display-unreachable = Не удалось подключиться к дисплею ({ $display }): там не отвечает ни одна оконная система. Запустите Tengen из своего сеанса рабочего стола. ({ $detail })
date-and-time = { $day } { $month ->
        [1] янв.
        [2] февр.
        [3] мар.
        [4] апр.
        [5] мая
        [6] июн.
        [7] июл.
        [8] авг.
        [9] сент.
        [10] окт.
        [11] нояб.
        *[12] дек.
    } { $year }, { $time }
duration-seconds = { $seconds } с
duration-minutes = { $minutes } мин { $seconds } с
moves-count = { $count ->
    [one] { $count } ход
    [few] { $count } хода
   *[many] { $count } ходов
}

## Main menu

menu-title = Tengen
menu-subtitle = Гомоку · Рэндзю · Крестики-нолики
menu-new-game = Новая игра
menu-continue = Продолжить
menu-continue-game = { $preset }, ход { $move }
menu-no-unfinished-game = Нет незаконченной партии
menu-settings = Настройки
menu-statistics = Статистика
menu-quit = Выход
menu-back = Назад
menu-done = Готово
menu-keys = В игре: Ctrl+Z отмена · Ctrl+Y повтор · H подсказка · A анализ · R разбор · E расстановка · N новая игра · Esc меню · стрелки + Enter ход · цифры 1–9 на 3×3

## New game page

new-game-title = Новая игра
new-game-subtitle = Выберите игроков, правила и доску
new-game-start = Начать игру
new-game-players = Игроки
new-game-rules = Правила
new-game-board = Доска
new-game-board-size = { $size } × { $size }, побеждает ряд из { $length }
new-game-board-size-exact = { $size } × { $size }, побеждает ровно { $length } в ряд (шесть и больше не в счёт)
new-game-board-size-renju = { $size } × { $size }, побеждает ровно { $length } в ряд; чёрным запрещены вилки три-три, четыре-четыре и длинный ряд
new-game-you-play = Вы играете
new-game-player-1-plays = Игрок 1 играет
new-game-computer-a-plays = Компьютер А играет
new-game-black-first = Чёрными (ходят первыми)
new-game-x-first = Крестиками (ходят первыми)
new-game-computer = Компьютер
new-game-expert-thinks = Эксперт думает
new-game-seconds-a-move = { " " }с на ход

## Settings

settings-title = Настройки
settings-subtitle = Звук, движение и вид
settings-sound = Звук
settings-sound-effects = Звуковые эффекты
settings-no-sound-device = Звук выключен: звуковое устройство не найдено.
settings-volume = Громкость
settings-animation = Анимация
settings-animation-off = Выкл.
settings-animation-normal = Обычная
settings-animation-fast = Быстрая
settings-theme = Тема
settings-theme-classic = Классическое дерево
settings-theme-contrast = Высокий контраст
settings-board = Доска
settings-show-coordinates = Показывать координаты
settings-mark-forbidden = Отмечать запрещённые точки (рэндзю)
settings-numbering = Номера ходов
settings-numbering-single = По одному
settings-numbering-single-tip = У каждого камня свой номер: 1, 2, 3 …, как в записях рэндзю
settings-numbering-pairs = Парами
settings-numbering-pairs-tip = Ход чёрных и ответ белых под одним номером: 1. h8 h9, как в шахматах
settings-contrast-note = В высоком контрасте метки различаются и формой, а не только цветом.
settings-files = Файлы
settings-language = Язык
settings-language-system = Системный ({ $language })
settings-done = Готово

## The panel beside the board (HUD)

hud-title = Tengen
hud-computer-level = Компьютер: { $level }
hud-wins-in = { $side } побеждают за { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}
hud-draw-board-full = Ничья: доска заполнена
hud-draw-black-stuck = Ничья: у чёрных нет хода
hud-move-computer-thinking = Ход { $move } — компьютер думает
hud-move-now = Ходи сейчас
hud-move-now-tip = Компьютер сделает лучший ход из найденных на этот момент
hud-move-to-play = Ход { $move } — ходят { $side }
hud-opening-step = Дебют — действует { $player }
hud-record-at = Запись партии: ход { $shown } из { $total }
hud-forbidden-point = { $cell }: { $reason }
hud-looking-for-hint = Ищу подсказку
hud-paused = Пауза — «Шаг» или «Дальше»
hud-hint = Подсказка: { $cell } — { $reason }
hud-undo = Отменить
hud-redo = Повторить
hud-hint-button = Подсказка
hud-new-game = Новая игра
hud-menu = Меню
hud-settings = Настройки
hud-pause = Пауза
hud-resume = Дальше
hud-step = Шаг
hud-chances = шансы
hud-chances-tip = Шансы чёрных и белых на победу, как их оценил поиск, выбравший последний ход.
hud-pace = Темп { $seconds } с
hud-pace-tip = Сколько времени каждый ход остаётся на доске до следующего: щёлкните, чтобы медленнее, затем снова быстро.
hud-score = Счёт
hud-draws = Ничьи
hud-reset-score = Сбросить счёт
hud-moves = Ходы
hud-game-tally = Отмен { $undos } · Подсказок { $hints }
hud-no-moves-yet = Ходов ещё нет

## Game over

game-over-in-progress = Игра идёт
game-over-draw = Ничья
game-over-you-win = Вы победили!
game-over-computer-wins = Победил компьютер
game-over-seat-wins = { $who ->
    [you] Вы ({ $side }) побеждаете
   *[other] { $name } ({ $side }) побеждает
}
game-over-reason-resignation = { $who ->
    [you] Вы ({ $side }) сдались.
   *[other] { $name } ({ $side }): сдача.
}
game-over-reason-time = { $who ->
    [you] У вас ({ $side }) кончилось время.
   *[other] У игрока { $name } ({ $side }) кончилось время.
}
game-over-reason-agreement = Игроки согласились на ничью.
game-over-reason-forbidden = { $name } ({ $side }): запрещённый ход, по этим правилам это проигрыш.
game-over-reason-abandoned = Партию нельзя продолжить: победителя нет.
game-over-reason-left = { $who ->
    [you] Вы ({ $side }) покинули партию.
   *[other] { $name } ({ $side }): покинул партию.
}
hud-resign = Сдаться
hud-resign-tip = Сдать эту партию: она засчитывается как поражение (Ctrl+Shift+R).
question-resign = Сдать эту партию? Она будет засчитана как поражение в счёте и рейтинге.
question-resign-to-leave = Уйти из этой партии в другую? Она будет сдана и засчитана как поражение в счёте и рейтинге. «Нет» — продолжить её.
game-over-comment-draw = Никто не уступил ни пяди: доска заполнена.
game-over-comment-draw-black-stuck = Никто не уступил ни пяди: у чёрных остались только запрещённые точки.
game-over-comment-clean-win = Чистая победа за { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}: без отмен и подсказок.
game-over-comment-long-fight = Долгая борьба: { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}.
game-over-comment-quick-finish = Быстрый финал за { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}.
game-over-comment-computer-won = Компьютер нашёл выигрыш. В следующий раз попросите подсказку?
game-over-comment-long-think = Долгое раздумье окупилось.
game-over-comment-decided = Исход решён за { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}.
game-over-moves = Ходы
game-over-undos = Отмены
game-over-hints = Подсказки
game-over-time = Время
game-over-new-game = Новая игра
game-over-rematch = Реванш
game-over-rematch-tip = Та же игра, цвета меняются местами
game-over-menu = Меню

## Hint reasons (the engine says why; the game words it)

hint-reason-opening = занять центр
hint-reason-make-five = построить пятёрку
hint-reason-block-five = закрыть пятёрку
hint-reason-make-open-four = построить открытую четвёрку
hint-reason-forced-win-fours = выигрыш сплошными четвёрками за { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}
hint-reason-forced-win = выигрыш угрозами за { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}
hint-reason-forced-win-threats = выигрыш угрозами
hint-reason-make-four-three = построить вилку четыре-три
hint-reason-make-four = построить четвёрку
hint-reason-make-double-three = построить вилку три-три
hint-reason-make-open-three = построить открытую тройку
hint-reason-block-open-three = закрыть открытую тройку
hint-reason-block-double-threat = остановить двойную угрозу
hint-reason-take-key-point = занять ключевую точку соперника
hint-reason-losing-anyway = проигрывает любой ход; этот держится дольше всех
hint-reason-good-shape = хорошая форма

## Renju: why black may not play a point

forbidden-double-three = запрещено чёрным: вилка три-три
forbidden-double-four = запрещено чёрным: вилка четыре-четыре
forbidden-overline = запрещено чёрным: длинный ряд (шесть и больше)

## Notices (short messages under the board status)

notice-occupied = Эта точка уже занята.
notice-forbidden = Рэндзю: { $reason }.
notice-not-your-turn = Подождите: сейчас ход компьютера.
notice-game-over = Игра окончена.
notice-game-over-start-new = Игра окончена: начните новую или сыграйте реванш.
notice-nothing-to-undo = Нечего отменять.
notice-overline-wins-nothing = По этому правилу шесть и больше в ряд не выигрывают: побеждает только ровно { $length }.
notice-nothing-to-redo = Нечего повторять.
notice-record-board-not-offered = Эта запись сыграна на доске, которой нет в игре ({ $board }).
notice-hints-own-turn = Подсказки — только в свой ход.
notice-looking-for-move = Ищу хороший ход…
notice-no-move-to-suggest = Подсказать нечего.
notice-hall-of-fame = Новая самая быстрая победа: вы в зале славы!
# Two sentences said at once: the first, then the second.
notice-two-notes = { $first } { $second }
notice-saved-board-not-offered = Сохранённая партия сыграна на доске, которой нет в этой версии ({ $board }); начинается новая игра.
notice-no-home-folder = Домашняя папка не найдена: настройки, сохранения и статистика не сохраняются.
notice-autosave-renamed-failed = { $why } Переименовать его не удалось: { $error }.
notice-autosave-kept-as = { $why } Он сохранён как { $path }.
notice-saved-as = Сохранено как { $path }
notice-could-not-open = Не удалось открыть { $path }: { $error }
notice-game-opened-steps = Партия открыта: «Отменить» и «Повторить» листают её.
notice-game-opened = Партия открыта.
notice-nothing-to-open = Нечего открывать: вставьте запись или строку позиции вида h8i9j10.
notice-could-not-read = Не удалось прочитать: { $error }
notice-copied = Скопировано: { $text }
notice-clipboard-empty = В буфере обмена нет текста.

## Where the files are (Settings → Files)

files-settings = Настройки: { $path }
files-game-in-progress = Текущая партия: { $path }
files-statistics = Статистика: { $path }
files-finished-games = Сыгранные партии: { $path }
files-saved-games = Сохранённые партии: { $path }
files-nothing-saved = Ничего не сохраняется: домашняя папка не найдена.

## Records bar and its windows: save/open, history, statistics

records-save-open = Сохранить / Открыть…
records-history = История
records-statistics = Статистика
records-save-open-title = Сохранение и открытие партий
records-history-title = Сыгранные партии
records-statistics-title = Статистика и зал славы
records-save-sgf = Сохранить эту партию (SGF)
records-save = Сохранить
records-copy-position = Копировать строку позиции
records-open-file = Открыть файл (.sgf или .psq)
records-folder-note = Имена без папки ищутся в { $folder }
records-open = Открыть
records-paste-heading = Или вставьте запись SGF или строку позиции (h8i9j10)
records-paste-clipboard = Вставить из буфера обмена
records-open-pasted = Открыть вставленное
records-position-rule-note = Строки позиций и файлы .psq читаются на доске из меню: { $preset }.
records-play-on = Продолжить против компьютера (вы берёте сторону, чей ход)
records-no-finished-games = Сыгранных партий пока нет.
records-date = Дата
records-rule = Правила
records-players = Игроки
records-result = Итог
records-moves = Ходы
records-unfinished = не окончена
records-result-black-wins = победа чёрных
records-result-white-wins = победа белых
records-result-draw = ничья
records-replay = Просмотр
records-replay-tip = Листайте «Повторить» и «Отменить» и продолжайте с любого хода
records-your-name = Ваше имя в зале славы:
records-hall-of-fame = Зал славы
records-hall-of-fame-empty = Победите компьютер, чтобы попасть сюда.
records-fame-fastest = самая быстрая победа: { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}, { $player }, { $date }
records-fame-line = { $level } · { $rule }: { $fastest }; лучшая серия { $streak }
records-fame-line-streak = { $level } · { $rule }: лучшая серия { $streak }
records-against-computer = Против компьютера
records-no-computer-games = Партий против компьютера пока нет.
records-level = Уровень
records-won = Побед
records-lost = Поражений
records-drawn = Ничьих
records-streak = Серия
records-best = Лучшая
records-fastest-win = Быстрейшая победа
records-fastest-cell = { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}, { $player } ({ $date })
records-reset-confirm = Забыть все результаты и зал славы?
records-reset-yes = Да, сбросить
records-reset-keep = Оставить
records-reset = Сбросить статистику…
records-files = Файлы
records-file-problem = Файл не удалось использовать
records-ok = OK

## Network
net-menu-button = Игра по сети
net-forms-title = Игра по сети
net-host-heading = Создать сетевую игру
net-join-heading = Подключиться к сетевой игре
net-rule = Правила
net-you-play = Вы играете
net-black = Чёрными (ходят первыми)
net-white = Белыми
net-port = Порт
net-address = Адрес (хост:порт)
net-passphrase = Пароль (необязательно)
net-host-button = Создать
net-join-button = Подключиться
net-close = Закрыть
net-port-hint = Для игры через интернет откройте этот TCP-порт на роутере того, кто создаёт игру (0 — любой свободный порт).
net-join-rule-hint = Выберите те же правила, что и создатель игры: другие правила будут отклонены.
net-found-games = Игры в этой сети:
net-looking-for-games = Ищем игры в этой сети…
net-found-game = { $name } · { $rule } · { $address }
net-found-game-passphrase = { $name } · { $rule } · { $address } · с паролем
net-discovery-off = Не удаётся найти игры в этой сети: { $reason }. Введите адрес вручную.
net-panel-title = Игра по сети
net-leave = Выйти
net-send = Отправить
net-reconnect = Переподключиться
net-resign = Сдаться
net-resign-sure = Сдаться в этой партии? Она сразу закончится для вас обоих.
net-resign-yes = Да, сдаться
net-resign-no = Нет, играть дальше
net-offer-draw = Предложить ничью
net-accept-draw = Принять ничью
net-decline-draw = Отклонить ничью
net-decline-undo = Отклонить отмену
net-accept-undo = Разрешить отмену
net-asks-undo = Соперник просит отменить свой последний ход.
net-asks-draw = Соперник предлагает ничью.
net-bad-port = Порт должен быть числом от 0 до 65535.
net-no-address = Введите адрес и порт хоста, например 192.168.1.20:47015.
net-you = Вы
net-host-name = Хост
net-guest-name = Гость
net-other-player = Соперник
net-off = Нет соединения
net-connecting = Подключение…
net-connected = Подключено
net-hosting = Сетевая игра на порту { $port }: ждём соперника.
net-connected-to = { $peer } подключился. Приятной игры!
net-closed-for = Соединение закрыто: { $reason }.
net-paused = Игра приостановлена: { $reason }. Ждём, пока соперник переподключится…
net-reconnecting = Переподключение (попытка { $attempt })…
net-rejected = Подключение отклонено: { $reason }.
net-not-sent = Не отправлено сопернику: { $reason }.
net-cannot-host = Не удалось создать сетевую игру: { $error }.
net-cannot-join = Не удалось подключиться к { $address }: { $error }.
net-chat = { $who }: { $text }
net-chat-empty = Сообщений пока нет: напишите ниже.
net-left = Вы вышли из сетевой игры.
net-resuming = Возвращаемся к сохранённой сетевой игре…
net-nothing-to-reconnect = Нет сохранённой сетевой игры для переподключения.
net-no-redo = В сетевой игре нельзя вернуть отменённый ход.
net-no-restart = Сетевую игру нельзя начать заново: сначала выйдите в меню.
net-bad-resumed-game = Другой компьютер прислал партию, которую нельзя сыграть на этой доске: соединение закрыто.
net-undo-requested = Соперник просит отменить свой последний ход: разрешите или отклоните отмену на панели сетевой игры.
net-undo-asked = Запрос на отмену отправлен: ждём согласия соперника.
net-undo-declined = В отмене хода отказано.
net-rematch-offered = Соперник предлагает реванш со сменой цвета: нажмите «Реванш», чтобы согласиться.
net-rematch-asked = Реванш предложен: ждём согласия соперника.
net-rematch-declined = От реванша отказались.
net-draw-offered = Соперник предлагает ничью: примите или отклоните её на панели сетевой игры.
net-draw-asked = Ничья предложена: ждём ответа соперника.
net-draw-declined-by-them = Соперник отклонил ничью.
net-draw-declined-by-you = Вы отклонили ничью.
net-you-resigned = Вы сдались: победил соперник.
net-they-resigned = Соперник сдался: вы победили!
net-draw-agreed = Ничья по соглашению.
net-time-up = Время вышло: часы хоста остановились.
net-unknown-time = Хост играет с контролем времени, которого эта версия не знает ({ $time }): партия идёт без часов.
net-ended = Сетевую партию нельзя продолжить: { $reason }. Она завершена и сохранена в истории.
## Position editor, renju opening names and the board as an image

editor-menu-button = Расставить позицию
editor-menu-hint = Расставьте камни как угодно и играйте дальше с этой позиции
editor-title = Расстановка позиции
editor-rule-tip = Правила и доска, на которой расставляется позиция; камни остаются, если помещаются
editor-help = Щёлкните по пункту, чтобы поставить туда камень выбранного цвета; щёлкните по тому же камню ещё раз, чтобы убрать его. Клавиши: B — чёрный, W — белый, X — стереть.
editor-stone = Камень
editor-erase = Стереть
editor-to-move = Ход
editor-stones = Чёрных: { $black } · Белых: { $white }
editor-help-tic-tac-toe = Щёлкните по клетке, чтобы поставить туда выбранный знак; щёлкните ещё раз, чтобы убрать его. Клавиши: X, O, Delete — стереть.
editor-stones-tic-tac-toe = X: { $black } · O: { $white }
editor-clear = Очистить доску
editor-play-computer = Играть с компьютером
editor-play-computer-hint = Вы играете за сторону, чей ход
editor-play-friend = Играть вдвоём
editor-back = В меню
editor-refused-five = Сюда нельзя: этот камень образует выигрышный ряд, а партию нельзя начать с выигранной позиции.
editor-refused-full = Сюда нельзя: доска заполнится, и играть будет некуда.
editor-refused-black-stuck = Сюда нельзя: у чёрных, чей ход, останутся только запрещённые точки.
opening-label = Дебют: { $name } ({ $kind })
opening-direct = прямой
opening-indirect = косвенный
opening-kansei = Кансэй
opening-keigetsu = Кэйгэцу
opening-sosei = Сосэй
opening-kagetsu = Кагэцу
opening-zangetsu = Дзангэцу
opening-ugetsu = Угэцу
opening-kinsei = Кинсэй
opening-shogetsu = Сёгэцу
opening-kyugetsu = Кюгэцу
opening-shingetsu = Сингэцу
opening-zuisei = Дзуйсэй
opening-sangetsu = Сангэцу
opening-yusei = Юсэй
opening-chosei = Тёсэй
opening-kyogetsu = Кёгэцу
opening-kosei = Косэй
opening-suigetsu = Суйгэцу
opening-ryusei = Рюсэй
opening-ungetsu = Унгэцу
opening-hogetsu = Хогэцу
opening-rangetsu = Рангэцу
opening-gingetsu = Гингэцу
opening-myojo = Мёдзё
opening-shagetsu = Сягэцу
opening-meigetsu = Мэйгэцу
opening-suisei = Суйсэй
export-button = Сохранить картинку…
export-title = Картинка доски
export-coordinates = Координаты
export-numbers = Номера ходов
export-choose = Выбрать файл…
export-file-filter = Картинка PNG
export-saved = Картинка сохранена: { $path }
export-failed = Не удалось сохранить картинку: { $error }
swap-rule = Дебют
swap-rule-free = Свободный
swap-rule-swap = Своп
swap-rule-swap2 = Своп2
swap-rule-hint = Своп и своп2 уравнивают право первого хода: один игрок ставит первые камни, другой выбирает цвет.
new-game-time = Часы
new-game-time-hint = Время каждого игрока на партию; у кого кончились часы, тот проиграл.
time-none = Без часов
time-bullet = Пуля
time-blitz = Блиц
time-rapid = Рапид
time-classical = Классика
time-fischer = Фишер
time-byo-yomi = Бёёми
time-per-move = На ход
time-per-move-limit = { $seconds } с на ход
time-custom = Свой…
time-custom-hint = Запишите, как принято: 3+2 (минуты + секунды за ход), 20s+1, byo-yomi 10+3x30 (минуты, затем 3 периода по 30 с) или 10/move (секунд на ход).
swap-place-three = { $player }: поставьте первые три камня — чёрный, белый, чёрный.
swap-place-two = { $player }: поставьте ещё два камня — белый, затем чёрный.
swap-choose = { $player }: выберите цвет.
swap-choose-or-two = { $player }: выберите цвет или поставьте ещё два камня.
swap-take-black = Играть чёрными
swap-take-white = Играть белыми
swap-take-two = Поставить ещё два
swap-computer-placing = Компьютер ставит дебютные камни…
swap-computer-choosing = Компьютер выбирает цвет…
swap-computer-chose = Компьютер выбрал: { $side }.
swap-computer-two = Компьютер поставил ещё два камня: теперь выбираете вы.
swap-wait = Сначала цвета: выберите цвет кнопками на боковой панели.
swap-rule-rif = RIF
swap-rule-yamaguchi = Ямагути
swap-rule-soosorv = Сосорв-{ $n }
swap-rule-taraguchi = Тарагути-{ $n }
swap-rule-tournament = Правила рэндзю…
swap-rule-offers-hint = Сколько пятых ходов могут предложить чёрные (Сосорв: не больше стольких, как объявят белые; Тарагути: ровно столько).
swap-rule-tournament-hint = Турнирные правила рэндзю: один из 26 дебютов, затем пятые ходы, предложенные чёрными.
opening-place-three = { $player }: поставьте один из 26 дебютов — чёрный в центр, белый рядом, чёрный в квадрат 5×5.
opening-place-stone = { $player }: поставьте камень { $number } в центральный квадрат { $side }×{ $side }.
opening-place-fourth = { $player }: сделайте четвёртый ход (белыми) в любое место.
opening-declare = { $player }: сколько пятых ходов предложат чёрные?
opening-declare-taraguchi = { $player }: поставьте пятый камень в квадрат 9×9 сами или предложите { $n } пятых ходов.
opening-place-fifth = Поставить самому
opening-offer-n = Предложить { $n }
opening-offering = { $player }: предложите пятые ходы ({ $count }), не симметричные друг другу — поставлено { $placed } из { $count }.
opening-selecting = { $player }: выберите один из пятых ходов чёрных ({ $count }, пронумерованные метки).
opening-computer-acting = Компьютер делает свой шаг дебюта…
opening-computer-declared = Компьютер объявил пятых ходов: { $count }.
opening-declared = Пятых ходов к предложению: { $count }.
notice-outside-opening = Камень { $number } дебюта ставится в центральный квадрат { $side }×{ $side }.
notice-already-offered = Этот пятый ход уже предложен.
notice-symmetric-offer = Этот пятый ход — зеркальное отражение уже предложенного { $cell }: предложите другой.
notice-not-offered = Выберите один из предложенных пятых ходов (пронумерованные метки).

## Game over card: folding it away
hud-colour-not-chosen = цвет ещё не выбран
hud-wins = { $wins ->
    [one] { $wins } победа
    [few] { $wins } победы
   *[many] { $wins } побед
}

## The question before a new game
question-new-game = Начать новую партию? Текущая партия будет потеряна.
question-reset-score = Сбросить счёт? Победы и ничьи этой сессии будут потеряны.
question-yes = Да
question-no = Нет

## Records windows (second pass)
records-dialog-open-title = Открыть партию
records-dialog-save-title = Сохранить партию
records-dialog-filter = Записи партий
records-menu = Записи…
records-save-as = Сохранить как…
records-copied = Скопировано: { $text }
records-open-heading = Открыть запись партии (.sgf, .psq или текст)
records-open-file-button = Открыть файл…
records-open-or-drop = (Ctrl+O) или перетащите файл в окно
records-clipboard-empty = В буфере обмена нет текста.
records-play-on-at-once = Сразу продолжить против компьютера (вы играете за сторону, чей ход); иначе запись откроется для просмотра
records-replay-look-tip = Просмотреть ход за ходом и продолжить с любого хода
records-technical-detail = Технические подробности

## The record viewer
viewer-title = Запись
viewer-first = В начало (Home)
viewer-previous = Назад (←)
viewer-next = Вперёд (→)
viewer-last = В конец (End)
viewer-position-tip = Показанный ход из всех ходов записи
viewer-wins-here = { $who ->
    [you] Здесь вы побеждаете.
   *[other] Здесь побеждает { $name }.
}
viewer-draw = Ничья: доска заполнена.
viewer-draw-black-stuck = Ничья: у чёрных остались только запрещённые точки.
viewer-move-numbers = Номера ходов на камнях
viewer-continue-from-here = Продолжить отсюда:
viewer-two-players = Вдвоём
viewer-against-computer = Против компьютера
viewer-against-computer-tip = Вы играете за сторону, чей ход
viewer-start = Начало

## Refusals (second pass)
notice-remote-turn = Подождите: ходит другой игрок (на другом компьютере).
notice-not-connected = Подождите: другой игрок не подключён.
notice-record-over-here = Здесь партия окончена: вернитесь назад, чтобы продолжить с более раннего хода.
notice-record-move-unplayable = Ход { $move } записи нельзя сыграть: { $error }.
notice-game-opened-play-on = Партия открыта: вы играете за сторону, чей ход.
notice-record-opened = Запись открыта: ← → листают её, вверх и вниз — ветви; камень вне линии начинает ветвь.
notice-open-too-large = он слишком велик для записи партии.
notice-open-not-text = это не текстовый файл и не запись .sgf или .psq.

## Live analysis and game review
hud-analysis = Анализ
hud-analysis-tip = Что видит движок: шансы, лучший вариант и лучшие ходы (A). В игре с компьютером каждая ваша позиция, которую он показывает, считается подсказкой.
analysis-thinking = Анализирую…
analysis-game-over = Партия окончена.
analysis-detail = Глубина { $depth }
analysis-by-engine = { $engine }: { $what }
analysis-forced-win = { $side } выигрывают форсированно.
analysis-line = Вариант: { $line }
analysis-bar-tip = Шансы чёрных и белых при лучшей игре, как их видит движок
notice-analysis-not-in-network = В сетевой игре анализ недоступен.
notice-hints-not-in-network = В сетевой игре подсказки недоступны.
notice-review-finished-games = Сначала доиграйте партию: разбор смотрит на всю партию.
game-over-review = Разбор партии
game-over-review-tip = Движок оценивает каждый ход: шансы по ходу партии и ошибки с лучшими ходами
viewer-review = Разобрать партию
review-title = Разбор
review-close = Закрыть
review-progress = Позиция { $done } из { $total }…
review-progress-engine = { $engine }: позиция { $done } из { $total }…
review-title-engine-tip = Разбор движка { $engine }, выбранного для подсказок в Настройках → Движки.
review-class-best = лучший
review-class-good = хороший
review-class-inaccuracy = неточность
review-class-mistake = ошибка
review-class-blunder = зевок
review-better = лучше { $move }
review-accuracy = { $percent } %
review-accuracy-tip = Точность: 100 % — каждый ход сохранял шансы лучшего хода
review-graph-tip = Шансы чёрных после каждого хода. Щёлкните, чтобы показать этот ход.
review-accuracy-heading = Точность
review-pick-a-move = Листайте ходы (← →) или щёлкните по графику.
review-chances = Шансы ({ $side }): { $before } % до хода, { $after } % после
review-play-better = Показать лучший вариант
review-play-winning = Показать выигрыш
review-play-refutation = Показать опровержение
review-line-better = Лучший вариант: ход { $step } из { $total }
review-line-winning = Выигрыш: ход { $step } из { $total }
review-line-refutation = Опровержение: ход { $step } из { $total }
review-line-move = { $move }: { $reason }
review-line-keys = Листайте вариант клавишами ← →; «Назад» возвращает к разбираемому ходу.
review-line-back = Назад
review-refutation = опровержение
## File notices, worded when shown (some are raised at start, before the language is known)
file-name-settings = Файл настроек
file-name-autosave = Файл текущей партии
file-name-statistics = Файл статистики
file-name-history = Файл истории партий
file-name-record = Файл записи партии
file-problem-unreadable = { $file } не удалось прочитать.
file-problem-cut-short = { $file } обрывается на середине (его запись не была завершена).
file-problem-damaged = { $file } повреждён, его не удалось прочитать.
file-problem-too-new = { $file } записан более новой версией Tengen.
file-problem-impossible = { $file } содержит партию, которую нельзя сыграть.
file-problem-saved-match = Дебют или часы сохранённой партии не сходятся с её ходами, поэтому её нельзя продолжить.
file-fallback-settings = Используются настройки по умолчанию.
file-fallback-autosave = Продолжить нечего; начинается новая партия.
file-fallback-statistics = Статистика начинается заново с нуля.
file-fallback-history = Он не попадёт в список истории.
file-fallback-record = Он не открыт.
file-notice-unusable = { $problem } { $fallback }
file-notice-unusable-kept = { $problem } { $fallback } Старый файл сохранён как резервная копия: { $path }.
file-notice-not-saved-why = { $file } не удалось сохранить: { $reason }.
save-trouble-line = Не сохранено: { $what } — { $reason } ({ $name })
save-what-autosave = текущая партия
save-what-settings = настройки
save-what-statistics = статистика
save-what-history = сыгранная партия
save-what-record = запись партии
save-what-two = { $first } и { $second }
save-what-more = { $first }, { $more }
save-trouble-started = { $file } не удаётся сохранить ({ $name }): { $reason }. Играйте дальше: игра сама сохранит всё, как только сможет.
save-trouble-over = Сохранение снова работает: всё сохранено.
save-reason-disk-full = диск заполнен
save-reason-read-only = папка доступна только для чтения
save-reason-not-allowed = Tengen не может писать в эту папку
save-reason-folder-gone = его папка исчезла
save-reason-other = { $error }
file-notice-no-home = Домашняя папка не найдена: настройки, сохранённые партии и статистика не сохраняются.
file-notice-other-window = Уже запущено другое окно Tengen; это окно не будет трогать сохранённую партию.
notice-could-not-save = Не удалось сохранить { $path }: { $error }
records-review = Разбор

# The strength ladder and "Match my strength"
step-plain = Ступень { $step }
step-level = Ступень { $step } · { $level }
new-game-match-me = По моей силе
new-game-match-me-tip = В каждой партии компьютер берёт ступень, где ваши шансы примерно равны, по вашему рейтингу в этих правилах.
new-game-step = Ступень
new-game-step-matched = { $step }, по вашей силе
new-game-step-rating = { $step } · рейтинг { $rating }
new-game-step-below = { $step } · слабее, чем «{ $level }»
new-game-step-between = { $step } · между «{ $lower }» и «{ $upper }»
new-game-step-tip = 14 ступеней по силе: «Слабый» — 2, «Средний» — 7, «Эксперт» — 14. Число — рейтинг.
new-game-step-tic-tac-toe = В 3×3 остаются три уровня.
notice-rating-change = Ваш рейтинг: { $before } → { $after }
notice-rating-change-why = Ваш рейтинг: { $before } → { $after }: { $why }
rating-why-aids = { $aids }: { $draw ->
    [1] засчитано как ничья
   *[other] эта победа засчитана на { $percent } %
}
rating-why-little = { $result ->
    [0] победа над намного более слабым соперником мало что меняет
    [1] ничья с равным соперником мало что меняет
   *[other] поражение от намного более сильного соперника мало что меняет
}
rating-aid-hints = { $count ->
    [one] { $count } подсказка
    [few] { $count } подсказки
   *[other] { $count } подсказок
}
rating-aid-undos = { $count ->
    [one] { $count } отмена хода
    [few] { $count } отмены хода
   *[other] { $count } отмен хода
}
rating-aid-both = { $hints } и { $undos }

# Puzzles
puzzle-menu-button = Задачи
puzzle-menu-hint = Найдите выигрыш: позиции из партий самого компьютера, в каждой один выигрывающий ход.
puzzle-title = Найдите выигрыш
puzzle-number = Задача { $number } из { $count } · { $rule }
puzzle-goal-fours = { $side } начинают и выигрывают четвёрками за { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}
puzzle-goal-threes = { $side } начинают и выигрывают тройками и четвёрками за { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}
puzzle-difficulty = Сложность { $difficulty } из 5
puzzle-moves-left = Ваш ход. До пятёрки { $moves ->
    [one] остался { $moves } ход
    [few] осталось { $moves } хода
   *[many] осталось { $moves } ходов
}; компьютер защищается как может.
puzzle-solved = Решено!
puzzle-solved-with-hints = Решено, с { $hints ->
    [one] { $hints } подсказкой
   *[other] { $hints } подсказками
}.
puzzle-missed-refuted = { $move } не выигрывает: ответ на { $answer } держится. Попробуйте ещё раз или перейдите к следующей задаче.
puzzle-missed = { $move } не выигрывает за оставшиеся ходы. Попробуйте ещё раз или перейдите к следующей задаче.
puzzle-progress = Ваши успехи
puzzle-rating = Рейтинг в задачах { $rating } · решено { $solved } из { $count }
puzzle-hint = Подсказка
puzzle-hint-tip = Отмечает выигрывающий ход. Задача, решённая с подсказкой, поднимает рейтинг меньше.
puzzle-hint-reason-fours = он делает четвёрку: защита обязана её закрыть, а за ней следует ваша следующая четвёрка ({ $moves ->
    [one] этот ход выигрывает
    [few] { $moves } хода до пятёрки
   *[other] { $moves } ходов до пятёрки
})
puzzle-hint-reason-threes = он делает четвёрку или открытую тройку: защита обязана ответить, и атака продолжается ({ $moves ->
    [one] этот ход выигрывает
    [few] { $moves } хода до пятёрки
   *[other] { $moves } ходов до пятёрки
})
puzzle-retry = Ещё раз
puzzle-next = Следующая задача
puzzle-back = В меню
stats-rating-title = Ваш рейтинг
stats-rating-rule = { $rule }: { $rating } (± { $deviation }) после { $games ->
    [one] { $games } партии
   *[other] { $games } партий
}
stats-rating-none = Рейтинг появится здесь после первой законченной партии с компьютером.

## The file dialog (egui-file-dialog's own labels, in the player's language)
file-dialog-cancel = Отмена
file-dialog-overwrite = Заменить
file-dialog-show-hidden = Показывать скрытые
file-dialog-pinned = Закреплённые
file-dialog-places = Места
file-dialog-home = Домашняя папка
file-dialog-desktop = Рабочий стол
file-dialog-documents = Документы
file-dialog-downloads = Загрузки
file-dialog-music = Музыка
file-dialog-pictures = Изображения
file-dialog-videos = Видео
file-dialog-pin = Закрепить
file-dialog-unpin = Открепить
file-dialog-rename = Переименовать
file-dialog-selected-file = Выбранный файл:
file-dialog-selected-folder = Выбранная папка:
file-dialog-this-folder = Выбрать эту папку
file-dialog-reload = Обновить
file-dialog-file-name = Имя файла:
file-dialog-all-files = Все файлы
file-dialog-open = Открыть
file-dialog-save = Сохранить
file-dialog-overwrite-text = уже существует. Заменить его?
file-dialog-empty-folder-name = У папки должно быть имя.
file-dialog-empty-file-name = У файла должно быть имя.
file-dialog-folder-exists = Папка с таким именем уже есть.
file-dialog-file-exists = Файл с таким именем уже есть.

# Why a record could not be opened (after "Could not open <file>: ").
open-reason-missing = такого файла нет.
open-reason-not-allowed = нет прав на его чтение.
open-reason-folder = это папка, а не файл.
open-reason-unreadable = его не удалось прочитать ({ $error }).
open-reason-not-sgf = это не читаемая запись партии SGF ({ $detail }).
open-reason-not-psq = это не читаемая запись Piskvork .psq ({ $detail }).
open-reason-not-position = это не строка позиции вида h8i9j10 ({ $detail }).
open-reason-not-move-list = это не читаемый список ходов Gomocup в строках x,y ({ $detail }).
open-reason-bad-setup = его расстановку камней не прочитать ({ $detail }).
open-reason-not-playable = на его доске Tengen не играет ({ $detail }).
open-reason-illegal = ход { $move } нарушает правила ({ $detail }).
open-reason-unknown-kind = записи партий — только файлы .sgf и .psq.
open-reason-board-not-offered = это партия на доске, которой нет в игре ({ $board }).

# What went wrong with a connection (after "Could not join <address>: " and the like).
net-why-peer-closed = другой игрок закрыл соединение
net-why-peer-left = другой игрок закрыл соединение ({ $words })
net-why-cut = соединение прервалось
net-why-timed-out = соединение не отвечает слишком долго
net-why-refused = по адресу { $address } никто не отвечает: там не идёт игра или закрыт её порт
net-why-unreachable = до { $address } не добраться: нет пути или нет ответа
net-why-no-such-host = компьютера с именем { $host } нет
net-why-bad-address = «{ $address }» — не адрес с портом вида 192.168.1.20:47015
net-why-port-in-use = порт { $port } уже занят другой программой
net-why-bad-save = сохранённую сетевую партию не восстановить ({ $detail })
net-why-other = { $detail }
net-why-broken = другая сторона нарушила протокол игры ({ $detail })
net-why-slow-handshake = другая сторона слишком долго не здоровалась
net-why-dropped-here = соединение разорвано здесь
net-why-other-left = другой игрок вышел из партии
net-why-awaiting = ждём, когда другой игрок вернётся
net-why-closed-after-break = соединение закрыто после испорченного сообщения
net-why-not-hello = другая сторона не начала с приветствия
net-why-other-app = на другой стороне не Tengen ({ $theirs })
net-why-version = Tengen другой стороны говорит на сетевом протоколе { $theirs }, этот — на { $ours }; обоим игрокам нужна одна версия Tengen
net-why-rule = правила разные (здесь { $ours }, там { $theirs })
net-why-size = доски разные (здесь { $ours }, там { $theirs })
net-why-other-game = другая сторона возвращает другую партию
net-why-busy = там уже идёт партия
net-why-positions-differ = позиции разные (здесь камней { $ours }, там { $theirs }), так что партию не продолжить
net-why-passphrase-needed = создатель игры просит пароль
net-why-wrong-passphrase = пароль неверный
net-not-your-turn = сейчас не ваш ход
net-move-not-allowed = такой ход не разрешён ({ $detail })
net-game-over = партия окончена
net-not-over = реванш можно предложить только после конца партии
net-nothing-to-undo = у вас нет хода, который можно вернуть
net-already-asked = эта просьба уже ждёт ответа
net-nothing-to-answer = об этом никто не просил
net-too-fast = слишком много сообщений за короткое время: подождите немного
net-chat-line-empty = строка чата пуста
net-chat-too-long = в строке чата { $count } знаков, а можно не больше { $most }
net-not-connected = другой игрок не подключён
question-leave-network = Выйти из сетевой партии в меню? Она сразу закончится для вас обоих и будет засчитана вам как поражение.
net-leave-sure = Выйти из партии? Она сразу закончится для вас обоих и будет засчитана вам как поражение.
net-leave-yes = Да, выйти

# Study tree panel
study-promote = Сделать главной
study-promote-tip = Показанное продолжение станет главной линией записи
study-delete = Удалить ветку
study-delete-tip = Удаляет показанную позицию и все ходы после неё (отмена вернёт их)
study-undo-delete = Вернуть ветку
study-comment = Комментарий к позиции:
study-comment-hint = Введите комментарий
study-marks = Пометки:
study-mark-none = Нет
study-mark-label = А Б В
study-mark-triangle = Треугольник
study-mark-square = Квадрат
study-marking = Щелчок по доске ставит пометку: камень не ставится.
study-view = Доска:
study-rotate = Повернуть
study-rotate-tip = Поворачивает доску на четверть (T); запись не меняется
study-flip = Отразить
study-flip-tip = Отражает доску (F); запись не меняется
study-reset-view = Как в записи
study-number-last = Номера последних ходов:
study-number-last-tip = Номера на последних N камнях (L: последние 10 или ни одного); 0 — без номеров
# Engines
game-over-reason-forfeit = { $name } ({ $side }): поражение за нарушение: движок нарушил правила игры.
engine-lost-time = { $name } ({ $side }): поражение: нет хода за { $seconds } с.
engine-lost-crash = { $name } ({ $side }): поражение: движок перестал работать.
engine-lost-taken = { $name } ({ $side }): поражение: ход { $point } на занятую точку.
engine-lost-off-board = { $name } ({ $side }): поражение: ход за пределы доски.
engine-lost-forbidden = { $name } ({ $side }): поражение: ход { $point } на запрещённую точку.
engine-lost-garbage = { $name } ({ $side }): поражение: ответ, который не является ходом.
engine-lost-start = { $name } ({ $side }): поражение: движок не смог начать партию.
hint-engine-plain = { $engine } предлагает этот ход
hint-engine-score = { $engine } предлагает этот ход (оценка { $score }, глубина { $depth })
hint-engine-score-nodepth = { $engine } предлагает этот ход (оценка { $score })
hint-engine-win = { $engine } предлагает этот ход: форсированная победа (ходов: { $moves })
hint-engine-loss = { $engine } предлагает этот ход, но видит форсированное поражение (ходов: { $moves })
notice-analyst-failed = { $engine } не дал подсказку и был закрыт; попросите снова, чтобы запустить его.
notice-analyst-failed-study = { $engine } перестал отвечать и был закрыт; анализ выключен, пока вы не включите его снова.
notice-review-engine-failed = { $engine } не смог разобрать партию ({ $reason }); её разбирает собственный движок Tengen.
# File dialog and audit
records-open-path = Или впишите путь:
records-open-path-hint = ~/games/game.sgf
records-open-path-button = Открыть
# Settings → Engines
engines-button = Движки…
engines-title = Движки
engines-subtitle = Программы Gomocup для игры
engines-own-name = Tengen
engines-own-note = собственный движок Tengen, всегда здесь
engines-hints = Подсказки даёт
engines-hints-tip = Движок, который даёт подсказки и говорит, что видит
engines-own-choice = Tengen (встроенный)
engines-author = автор: { $author }
engines-test = Проверить
engines-remove = Удалить
engines-threads = Потоки
engines-threads-tip = INFO thread_num; 0 — на выбор движка
engines-memory = Память
engines-memory-tip = INFO max_memory; 0 — без ограничения
engines-megabytes = { " " }МБ
engines-info = INFO
engines-info-hint = ключ=значение
engines-info-tip = Другие строки INFO, по одной ключ=значение в строке, отправляются при запуске движка
engines-removed = { $name } удалён.
engines-undo = Отменить
engines-program = Программа
engines-program-hint = /путь/к/pbrain-движку
engines-browse = Обзор…
engines-browse-tip = Выбрать программу движка в окне выбора файла
engines-dialog-title = Выберите программу движка
engines-arguments = Аргументы
engines-add = Добавить
engines-working = Спрашиваю движок…
engines-played = Сходил { $point } на пустой доске за { $ms } мс.
engines-already-added = Эта программа с этими аргументами уже в списке.
engines-refused = Не добавлен: { $why }
engines-test-failed = Проверка не прошла: { $why }
engines-why-not-started = программу по этому пути не удалось запустить.
engines-why-crashed = программа перестала работать.
engines-why-silent = нет ответа движка за { $seconds } с; это движок Gomocup?
engines-why-board = он не играет на доске 15×15.
engines-why-no-move = нет хода за { $seconds } с.
engines-why-garbage = ответ не является ходом.
engines-renju-yes = Рэндзю: соблюдает запрещённые пункты чёрных.
engines-renju-no = Рэндзю: в проверке сыграл чёрными запрещённый пункт; в рэндзю он проигрывал бы такие партии чёрными.
engines-renju-unknown = Рэндзю: ещё не проверено (это проверяет «Проверить»).
tournament-button = Турнир…
tournament-title = Турнир
tournament-subtitle = Добавленные движки играют друг с другом
tournament-engines = Движки
tournament-no-engines = Сначала добавьте два движка или больше.
tournament-rule = Правила (15×15)
tournament-rule-freestyle = Свободные
tournament-rule-standard = Стандарт (ровно пять)
tournament-rule-renju = Рэндзю
tournament-games = Партий на пару
tournament-concurrency = Сразу
tournament-time = Время на ход
tournament-ms = { " " }мс
tournament-time-tip = Предел на каждый ход (timeout_turn в Gomocup); 0 оставляет только часы на партию. Движок, не ответивший вовремя, проигрывает партию.
tournament-game-clock = Часы на партию
tournament-s = { " " }с
tournament-increment = + за ход
tournament-game-clock-tip = Время каждого движка на всю партию (0: без часов), с добавкой после каждого его хода (timeout_match и time_left в Gomocup). Движок, у которого кончилось время, проигрывает партию.
tournament-no-renju = { $engine } в проверке сыграл чёрными запрещённый пункт: он не играет в рэндзю.
tournament-openings-browse-tip = Выбрать файл дебютов в окне выбора файлов
tournament-openings-dialog-title = Выберите файл дебютов
tournament-folder-browse-tip = Выбрать папку турнира в окне выбора файлов
tournament-folder-dialog-title = Выберите папку турнира
tournament-openings = Дебюты
tournament-openings-hint = встроенный равный набор
tournament-openings-tip = Файл дебютов (h8i9j10 или 0,0, 1,-1 в строке); пусто — встроенные равные дебюты
tournament-folder = Папка
tournament-folder-tip = Сюда сохраняется каждая партия в SGF и файл, который читает «Продолжить»
tournament-start = Начать
tournament-resume = Продолжить
tournament-resume-tip = Продолжить турнир, сохранённый в папке
tournament-choose-two = Выберите два движка или больше
tournament-stop = Остановить
tournament-new = Новый турнир
tournament-refused = Не начат: { $why }
tournament-playing = Сыграно { $played } из { $total } партий
tournament-stopped = Остановлен: сыграно { $played } из { $total } партий
tournament-over = Завершён: сыграно { $played } из { $total } партий
tournament-now = Партия { $number }: { $black } (чёрные) против { $white }, камней: { $moves }
tournament-engine = Движок
tournament-points = Очки
tournament-played = Партии
tournament-elo = Эло
tournament-forfeits = Поражения по правилам
tournament-forfeit-crash = сбой { $count }
tournament-forfeit-time = время { $count }
tournament-forfeit-illegal = неверный ход { $count }
tournament-forfeit-forbidden = запрещённый { $count }
new-game-engine = Движок
new-game-engine-tip = Собственный движок Tengen или добавленный в Настройки → Движки
new-game-engine-side-tip = Движок, который играет: { $side }
