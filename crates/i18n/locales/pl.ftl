# Tengen, polski. Te same id co w en.ftl, w tej samej kolejności.
# Liczba mnoga: one (1), few (2–4, 22–24, bez 12–14), many (0, 5–21, 25…).

## The window

window-title = Tengen — Gomoku

## The game's own words: rules, modes, levels, sides, seats

preset-tictactoe = Kółko i krzyżyk 3×3
preset-freestyle15 = Gomoku 15×15, zasady dowolne
preset-standard15 = Gomoku 15×15, standard (dokładnie pięć)
preset-renju15 = Renju 15×15
preset-freestyle19 = Gomoku 19×19, zasady dowolne
preset-freestyle20 = Gomoku 20×20, zasady dowolne
mode-hvc = Ty kontra komputer
mode-hvh = Dwóch graczy
mode-cvc = Komputer kontra komputer
level-low = Łatwy
level-medium = Średni
level-expert = Ekspert
side-black = Czarne
side-white = Białe
side-x = Krzyżyk
side-o = Kółko
seat-you = Ty
seat-computer = Komputer
seat-player-1 = Gracz 1
seat-player-2 = Gracz 2
seat-computer-a = Komputer A
seat-computer-b = Komputer B
seat-computer-strength = Komputer ({ $strength })
startup-no-display = Nie znaleziono ekranu: Tengen potrzebuje pulpitu graficznego (sesji X11 lub Wayland), a nie ustawiono ani DISPLAY, ani WAYLAND_DISPLAY. Uruchom grę z pulpitu. (Sam silnik, pbrain-tengen, działa bez niego.)
startup-display-unreachable = Nie udało się połączyć z ekranem ({ $display }): nie odpowiada tam żaden system okien. Uruchom Tengen ze swojej sesji pulpitu. ({ $detail })
date-and-time = { $day } { $month ->
        [1] sty
        [2] lut
        [3] mar
        [4] kwi
        [5] maj
        [6] cze
        [7] lip
        [8] sie
        [9] wrz
        [10] paź
        [11] lis
        *[12] gru
    } { $year }, { $time }
duration-seconds = { $seconds } s
duration-minutes = { $minutes } min { $seconds } s
moves-count = { $count ->
    [one] { $count } ruch
    [few] { $count } ruchy
   *[many] { $count } ruchów
}

## Main menu

menu-title = Tengen
menu-subtitle = Gomoku · Renju · Kółko i krzyżyk
menu-new-game = Nowa gra
menu-continue = Kontynuuj
menu-continue-game = { $preset }, ruch { $move }
menu-no-unfinished-game = Brak niedokończonej gry
menu-settings = Ustawienia
menu-statistics = Statystyki
menu-quit = Wyjdź
menu-back = Wstecz
menu-done = Gotowe
menu-keys = W grze: Ctrl+Z cofnij · Ctrl+Y ponów · H podpowiedź · A analiza · R przegląd · E ustaw pozycję · N nowa gra · Esc menu · strzałki + Enter ruch · klawisze 1–9 na 3×3

## New game page

new-game-title = Nowa gra
new-game-subtitle = Wybierz graczy, zasady i planszę
new-game-start = Zacznij grę
new-game-players = Gracze
new-game-rules = Zasady
new-game-board = Plansza
new-game-board-size = { $size } × { $size }, wygrywa { $length } w rzędzie
new-game-board-size-exact = { $size } × { $size }, wygrywa dokładnie { $length } w rzędzie (sześć i więcej się nie liczy)
new-game-board-size-renju = { $size } × { $size }, wygrywa dokładnie { $length } w rzędzie; czarnym nie wolno zrobić podwójnej trójki, podwójnej czwórki ani za długiego rzędu
new-game-you-play = Grasz
new-game-player-1-plays = Gracz 1 gra
new-game-computer-a-plays = Komputer A gra
new-game-black-first = Czarnymi (zaczynają)
new-game-x-first = Krzyżykiem (zaczyna)
new-game-computer = Komputer
new-game-expert-thinks = Ekspert myśli
new-game-seconds-a-move = { " " }s na ruch

## Settings

settings-title = Ustawienia
settings-subtitle = Dźwięk, ruch i wygląd
settings-sound = Dźwięk
settings-sound-effects = Efekty dźwiękowe
settings-no-sound-device = Dźwięk jest wyłączony: nie znaleziono urządzenia dźwiękowego.
settings-volume = Głośność
settings-animation = Animacja
settings-animation-off = Wyłączona
settings-animation-normal = Zwykła
settings-animation-fast = Szybka
settings-theme = Motyw
settings-theme-classic = Klasyczne drewno
settings-theme-contrast = Wysoki kontrast
settings-board = Plansza
settings-show-coordinates = Pokaż współrzędne
settings-mark-forbidden = Zaznaczaj zakazane punkty (renju)
settings-numbering = Numery ruchów
settings-numbering-single = Pojedynczo
settings-numbering-single-tip = Każdy kamień ma własny numer: 1, 2, 3 …, jak w zapisach renju
settings-numbering-pairs = Parami
settings-numbering-pairs-tip = Ruch czarnych i odpowiedź białych pod jednym numerem: 1. h8 h9, jak w szachach
settings-contrast-note = W wysokim kontraście znaczniki różnią się też kształtem, nie tylko kolorem.
settings-files = Pliki
settings-language = Język
settings-language-system = Systemowy ({ $language })
settings-done = Gotowe

## The panel beside the board (HUD)

hud-title = Tengen
hud-computer-level = Komputer: { $level }
hud-wins-in = { $side } wygrywają w { $moves ->
    [one] { $moves } ruchu
   *[other] { $moves } ruchach
}
hud-draw-board-full = Remis: plansza jest pełna
hud-draw-black-stuck = Remis: czarne nie mają ruchu
hud-move-computer-thinking = Ruch { $move } — komputer myśli
hud-move-now = Ruszaj teraz
hud-move-now-tip = Komputer zagra najlepszy ruch, jaki dotąd znalazł
hud-move-to-play = Ruch { $move } — grają { $side }
hud-opening-step = Otwarcie — kolej: { $player }
hud-record-at = Zapis gry: ruch { $shown } z { $total }
hud-forbidden-point = { $cell }: { $reason }
hud-looking-for-hint = Szukam podpowiedzi
hud-paused = Pauza — Krok lub Wznów
hud-hint = Podpowiedź: { $cell } — { $reason }
hud-undo = Cofnij
hud-redo = Ponów
hud-hint-button = Podpowiedź
hud-new-game = Nowa gra
hud-menu = Menu
hud-settings = Ustawienia
hud-pause = Pauza
hud-resume = Wznów
hud-step = Krok
hud-chances = szanse
hud-chances-tip = Szanse czarnych i białych na wygraną, tak jak oceniło je przeszukanie, które wybrało ostatni ruch.
hud-pace = Tempo { $seconds } s
hud-pace-tip = Najkrótszy czas, przez jaki każdy ruch zostaje przed następnym: kliknij, by zwolnić, potem znów szybko.
hud-score = Wynik
hud-draws = Remisy
hud-reset-score = Wyzeruj wynik
hud-moves = Ruchy
hud-game-tally = Cofnięcia { $undos } · Podpowiedzi { $hints }
hud-no-moves-yet = Nie ma jeszcze ruchów

## Game over

game-over-in-progress = Gra trwa
game-over-draw = Remis
game-over-you-win = Wygrywasz!
game-over-computer-wins = Komputer wygrywa
game-over-seat-wins = { $who ->
    [you] Wygrywasz ({ $side })
   *[other] { $name } ({ $side }) wygrywa
}
game-over-reason-resignation = { $who ->
    [you] Poddajesz partię ({ $side }).
   *[other] { $name } ({ $side }) poddaje partię.
}
game-over-reason-time = { $who ->
    [you] Skończył ci się czas ({ $side }).
   *[other] Graczowi { $name } ({ $side }) skończył się czas.
}
game-over-reason-agreement = Gracze zgodzili się na remis.
game-over-reason-forbidden = { $name } ({ $side }): ruch zabroniony, który według tej zasady przegrywa.
game-over-reason-abandoned = Partii nie dało się kontynuować: nikt nie wygrywa.
game-over-reason-left = { $who ->
    [you] Opuszczasz partię ({ $side }).
   *[other] { $name } ({ $side }) opuszcza partię.
}
hud-resign = Poddaj się
hud-resign-tip = Poddaj tę partię: liczy się jako porażka (Ctrl+Shift+R).
question-resign = Poddać tę partię? Liczy się jako porażka, w wyniku i w rankingu.
question-resign-to-leave = Porzucić tę partię dla innej? Zostanie poddana i policzona jako porażka, w wyniku i w rankingu. „Nie” pozwala grać dalej.
game-over-comment-draw = Nikt nie ustąpił ani o krok: plansza się zapełniła.
game-over-comment-draw-black-stuck = Nikt nie ustąpił ani o krok: czarnym zostały tylko zakazane punkty.
game-over-comment-clean-win = Czysta wygrana w { $moves ->
    [one] { $moves } ruchu
   *[other] { $moves } ruchach
}: bez cofania i podpowiedzi.
game-over-comment-long-fight = Długa walka: { $moves ->
    [one] { $moves } ruch
    [few] { $moves } ruchy
   *[many] { $moves } ruchów
}.
game-over-comment-quick-finish = Szybki koniec w { $moves ->
    [one] { $moves } ruchu
   *[other] { $moves } ruchach
}.
game-over-comment-computer-won = Komputer znalazł drogę do wygranej. Następnym razem poprosisz o podpowiedź?
game-over-comment-long-think = Długie namysły, ale się opłaciły.
game-over-comment-decided = Rozstrzygnięte w { $moves ->
    [one] { $moves } ruchu
   *[other] { $moves } ruchach
}.
game-over-moves = Ruchy
game-over-undos = Cofnięcia
game-over-hints = Podpowiedzi
game-over-time = Czas
game-over-new-game = Nowa gra
game-over-rematch = Rewanż
game-over-rematch-tip = Ta sama gra z zamienionymi kolorami
game-over-menu = Menu

## Hint reasons (the engine says why; the game words it)

hint-reason-opening = zajmij środek
hint-reason-make-five = ułóż piątkę
hint-reason-block-five = zablokuj piątkę
hint-reason-make-open-four = ułóż otwartą czwórkę
hint-reason-forced-win-fours = wymuszona wygrana ciągłymi czwórkami w { $moves ->
    [one] { $moves } ruchu
   *[other] { $moves } ruchach
}
hint-reason-forced-win = wymuszona wygrana groźbami w { $moves ->
    [one] { $moves } ruchu
   *[other] { $moves } ruchach
}
hint-reason-forced-win-threats = wymuszona wygrana groźbami
hint-reason-make-four-three = ułóż widełki cztery-trzy
hint-reason-make-four = ułóż czwórkę
hint-reason-make-double-three = ułóż podwójną trójkę
hint-reason-make-open-three = zbuduj otwartą trójkę
hint-reason-block-open-three = zablokuj otwartą trójkę
hint-reason-block-double-threat = powstrzymaj podwójną groźbę
hint-reason-take-key-point = zajmij kluczowy punkt przeciwnika
hint-reason-losing-anyway = każdy ruch przegrywa; ten broni się najdłużej
hint-reason-good-shape = dobry kształt

## Renju: why black may not play a point

forbidden-double-three = zakazane dla czarnych: podwójna trójka
forbidden-double-four = zakazane dla czarnych: podwójna czwórka
forbidden-overline = zakazane dla czarnych: za długi rząd (sześć lub więcej)

## Notices (short messages under the board status)

notice-occupied = Ten punkt jest już zajęty.
notice-forbidden = Renju: { $reason }.
notice-not-your-turn = Zaczekaj: teraz ruch komputera.
notice-game-over = Gra się skończyła.
notice-game-over-start-new = Gra się skończyła: zacznij nową grę albo rewanż.
notice-nothing-to-undo = Nie ma czego cofnąć.
notice-overline-wins-nothing = W tej zasadzie sześć i więcej w rzędzie nic nie wygrywa: wygrywa tylko dokładnie { $length }.
notice-nothing-to-redo = Nie ma czego ponowić.
notice-record-board-not-offered = Ten zapis rozegrano na planszy, której gra nie oferuje ({ $board }).
notice-hints-own-turn = Podpowiedzi są tylko w twoim ruchu.
notice-looking-for-move = Szukam dobrego ruchu…
notice-no-move-to-suggest = Nie ma czego podpowiedzieć.
notice-hall-of-fame = Nowa najszybsza wygrana: jesteś w galerii sław!
# Two sentences said at once: the first, then the second.
notice-two-notes = { $first } { $second }
notice-saved-board-not-offered = Zapisana gra toczy się na planszy, której ta wersja nie oferuje ({ $board }); zaczyna się nowa gra.
notice-no-home-folder = Nie znaleziono folderu domowego: ustawienia, zapisane gry i statystyki nie są przechowywane.
notice-autosave-renamed-failed = { $why } Nie udało się zmienić jego nazwy: { $error }.
notice-autosave-kept-as = { $why } Zachowano go jako { $path }.
notice-saved-as = Zapisano jako { $path }
notice-could-not-open = Nie udało się otworzyć { $path }: { $error }
notice-game-opened-steps = Gra otwarta: Cofnij i Ponów przechodzą przez nią.
notice-game-opened = Gra otwarta.
notice-nothing-to-open = Nie ma czego otworzyć: wklej zapis albo ciąg pozycji, np. h8i9j10.
notice-could-not-read = Nie udało się tego odczytać: { $error }
notice-copied = Skopiowano { $text }
notice-clipboard-empty = W schowku nie ma tekstu.

## Where the files are (Settings → Files)

files-settings = Ustawienia: { $path }
files-game-in-progress = Bieżąca gra: { $path }
files-statistics = Statystyki: { $path }
files-finished-games = Zakończone gry: { $path }
files-saved-games = Zapisane gry: { $path }
files-nothing-saved = Nic nie jest zapisywane: nie znaleziono folderu domowego.

## Records bar and its windows: save/open, history, statistics

records-save-open = Zapisz / Otwórz…
records-history = Historia
records-statistics = Statystyki
records-save-open-title = Zapisywanie i otwieranie gier
records-history-title = Zakończone gry
records-statistics-title = Statystyki i galeria sław
records-save-sgf = Zapisz tę grę (SGF)
records-save = Zapisz
records-copy-position = Kopiuj ciąg pozycji
records-open-file = Otwórz plik (.sgf lub .psq)
records-folder-note = Nazwy bez folderu są w { $folder }
records-open = Otwórz
records-paste-heading = Albo wklej zapis SGF lub ciąg pozycji (h8i9j10)
records-paste-clipboard = Wklej ze schowka
records-open-pasted = Otwórz wklejone
records-position-rule-note = Ciągi pozycji i pliki .psq są czytane na planszy z menu: { $preset }.
records-play-on = Graj dalej z komputerem (bierzesz stronę, która ma ruch)
records-no-finished-games = Nie ma jeszcze zakończonych gier.
records-date = Data
records-rule = Zasady
records-players = Gracze
records-result = Wynik
records-moves = Ruchy
records-unfinished = niedokończona
records-result-black-wins = wygrywają czarne
records-result-white-wins = wygrywają białe
records-result-draw = remis
records-replay = Odtwórz
records-replay-tip = Przechodź przez nią Ponów i Cofnij, i graj dalej od dowolnego ruchu
records-your-name = Twoje imię w galerii sław:
records-hall-of-fame = Galeria sław
records-hall-of-fame-empty = Wygraj z komputerem, aby się tu znaleźć.
records-fame-fastest = najszybsza wygrana: { $moves ->
    [one] { $moves } ruch
    [few] { $moves } ruchy
   *[many] { $moves } ruchów
}, { $player }, { $date }
records-fame-line = { $level } · { $rule }: { $fastest }; najlepsza seria { $streak }
records-fame-line-streak = { $level } · { $rule }: najlepsza seria { $streak }
records-against-computer = Przeciw komputerowi
records-no-computer-games = Nie ma jeszcze gier z komputerem.
records-level = Poziom
records-won = Wygrane
records-lost = Przegrane
records-drawn = Remisy
records-streak = Seria
records-best = Najlepsza
records-fastest-win = Najszybsza wygrana
records-fastest-cell = { $moves ->
    [one] { $moves } ruch
    [few] { $moves } ruchy
   *[many] { $moves } ruchów
}, { $player } ({ $date })
records-reset-confirm = Zapomnieć wszystkie wyniki i galerię sław?
records-reset-yes = Tak, wyzeruj
records-reset-keep = Zachowaj
records-reset = Wyzeruj statystyki…
records-files = Pliki
records-file-problem = Nie udało się użyć pliku
records-ok = OK

## Network
net-menu-button = Gra sieciowa
net-forms-title = Gra sieciowa
net-host-heading = Załóż grę sieciową
net-join-heading = Dołącz do gry sieciowej
net-rule = Zasady
net-you-play = Grasz
net-black = Czarnymi (zaczynają)
net-white = Białymi
net-port = Port
net-address = Adres (host:port)
net-passphrase = Hasło (opcjonalne)
net-host-button = Załóż
net-join-button = Dołącz
net-close = Zamknij
net-port-hint = Do gry przez internet otwórz ten port TCP na routerze gospodarza (0 wybiera wolny port).
net-join-rule-hint = Wybierz te same zasady co gospodarz: inne zostaną odrzucone.
net-found-games = Gry w tej sieci:
net-looking-for-games = Szukam gier w tej sieci…
net-found-game = { $name } · { $rule } · { $address }
net-found-game-passphrase = { $name } · { $rule } · { $address } · z hasłem
net-discovery-off = Nie można wyszukać gier w tej sieci: { $reason }. Wpisz adres ręcznie.
net-panel-title = Gra sieciowa
net-leave = Wyjdź
net-send = Wyślij
net-reconnect = Połącz ponownie
net-resign = Poddaj się
net-resign-sure = Poddać tę grę? Skończy się od razu dla was obojga.
net-resign-yes = Tak, poddaję się
net-resign-no = Nie, gram dalej
net-offer-draw = Zaproponuj remis
net-accept-draw = Przyjmij remis
net-decline-draw = Odrzuć remis
net-decline-undo = Odrzuć cofnięcie
net-accept-undo = Zgódź się na cofnięcie
net-asks-undo = Przeciwnik prosi o cofnięcie swojego ostatniego ruchu.
net-asks-draw = Przeciwnik proponuje remis.
net-bad-port = Port musi być liczbą od 0 do 65535.
net-no-address = Wpisz adres i port gospodarza, na przykład 192.168.1.20:47015.
net-you = Ty
net-host-name = Gospodarz
net-guest-name = Gość
net-other-player = Przeciwnik
net-off = Brak połączenia
net-connecting = Łączenie…
net-connected = Połączono
net-hosting = Gra sieciowa na porcie { $port }: czekamy na przeciwnika.
net-connected-to = { $peer } dołączył(a). Miłej gry!
net-closed-for = Połączenie zostało zamknięte: { $reason }.
net-paused = Gra wstrzymana: { $reason }. Czekamy, aż przeciwnik połączy się ponownie…
net-reconnecting = Ponowne łączenie (próba { $attempt })…
net-rejected = Odrzucono połączenie: { $reason }.
net-not-sent = Nie wysłano do przeciwnika: { $reason }.
net-cannot-host = Nie udało się założyć gry sieciowej: { $error }.
net-cannot-join = Nie udało się dołączyć do { $address }: { $error }.
net-chat = { $who }: { $text }
net-chat-empty = Brak wiadomości: napisz poniżej.
net-left = Opuszczono grę sieciową.
net-resuming = Wracamy do zapisanej gry sieciowej…
net-nothing-to-reconnect = Nie ma zapisanej gry sieciowej, z którą można się połączyć.
net-no-redo = W grze sieciowej nie można przywrócić cofniętego ruchu.
net-no-restart = Gry sieciowej nie można tu zacząć od nowa: najpierw wyjdź do menu.
net-bad-resumed-game = Drugi komputer przysłał partię, której nie da się rozegrać na tej planszy: połączenie zamknięte.
net-undo-requested = Przeciwnik prosi o cofnięcie swojego ostatniego ruchu: zgódź się lub odrzuć to w panelu gry sieciowej.
net-undo-asked = Poproszono o cofnięcie: czekamy na zgodę przeciwnika.
net-undo-declined = Odmówiono cofnięcia ruchu.
net-rematch-offered = Przeciwnik proponuje rewanż z zamianą kolorów: naciśnij Rewanż, aby się zgodzić.
net-rematch-asked = Zaproponowano rewanż: czekamy na zgodę przeciwnika.
net-rematch-declined = Odmówiono rewanżu.
net-draw-offered = Przeciwnik proponuje remis: przyjmij go lub odrzuć w panelu gry sieciowej.
net-draw-asked = Zaproponowano remis: czekamy na odpowiedź przeciwnika.
net-draw-declined-by-them = Przeciwnik odrzucił remis.
net-draw-declined-by-you = Odrzucono remis.
net-you-resigned = Poddano partię: wygrywa przeciwnik.
net-they-resigned = Przeciwnik się poddał: wygrywasz!
net-draw-agreed = Remis za porozumieniem.
net-time-up = Czas minął: zegar gospodarza się skończył.
net-unknown-time = Gospodarz gra z kontrolą czasu, której ta wersja nie zna ({ $time }): partia toczy się bez zegara.
net-ended = Partii sieciowej nie da się kontynuować: { $reason }. Kończy się tutaj i zostaje w historii.
## Position editor, renju opening names and the board as an image

editor-menu-button = Ustaw pozycję
editor-menu-hint = Rozstaw kamienie dowolnie i graj dalej od tej pozycji
editor-title = Ustawianie pozycji
editor-rule-tip = Zasady i plansza, na której ustawia się pozycję; kamienie zostają, jeśli się mieszczą
editor-help = Kliknij punkt, aby postawić tam kamień wybranego koloru; kliknij ten sam kamień jeszcze raz, aby go zdjąć. Klawisze: B czarny, W biały, X zdejmij.
editor-stone = Kamień
editor-erase = Zdejmij
editor-to-move = Ruch ma
editor-stones = Czarne: { $black } · Białe: { $white }
editor-help-tic-tac-toe = Kliknij pole, aby postawić tam wybrany znak; kliknij je jeszcze raz, aby go zdjąć. Klawisze: X, O, Delete zdejmuje.
editor-stones-tic-tac-toe = X: { $black } · O: { $white }
editor-clear = Wyczyść planszę
editor-play-computer = Graj z komputerem
editor-play-computer-hint = Grasz stroną, która ma ruch
editor-play-friend = Graj we dwoje
editor-back = Wróć do menu
editor-refused-five = Nie tutaj: ten kamień utworzyłby wygrywający rząd, a partii nie można zacząć od wygranej pozycji.
editor-refused-full = Nie tutaj: plansza byłaby pełna i nie byłoby gdzie grać.
editor-refused-black-stuck = Nie tutaj: czarnym, którzy mają ruch, zostałyby tylko zakazane punkty.
opening-label = Otwarcie: { $name } ({ $kind })
opening-direct = bezpośrednie
opening-indirect = pośrednie
opening-kansei = Kansei
opening-keigetsu = Keigetsu
opening-sosei = Sosei
opening-kagetsu = Kagetsu
opening-zangetsu = Zangetsu
opening-ugetsu = Ugetsu
opening-kinsei = Kinsei
opening-shogetsu = Shogetsu
opening-kyugetsu = Kyugetsu
opening-shingetsu = Shingetsu
opening-zuisei = Zuisei
opening-sangetsu = Sangetsu
opening-yusei = Yusei
opening-chosei = Chosei
opening-kyogetsu = Kyogetsu
opening-kosei = Kosei
opening-suigetsu = Suigetsu
opening-ryusei = Ryusei
opening-ungetsu = Ungetsu
opening-hogetsu = Hogetsu
opening-rangetsu = Rangetsu
opening-gingetsu = Gingetsu
opening-myojo = Myojo
opening-shagetsu = Shagetsu
opening-meigetsu = Meigetsu
opening-suisei = Suisei
export-button = Eksportuj obraz…
export-title = Obraz planszy
export-coordinates = Współrzędne
export-numbers = Numery ruchów
export-choose = Wybierz plik…
export-file-filter = Obraz PNG
export-saved = Obraz zapisano jako { $path }
export-failed = Nie udało się zapisać obrazu: { $error }
swap-rule = Otwarcie
swap-rule-free = Wolne
swap-rule-swap = Swap
swap-rule-swap2 = Swap2
swap-rule-hint = Swap i swap2 wyrównują przewagę pierwszego ruchu: jeden gracz stawia pierwsze kamienie, drugi wybiera kolor.
new-game-time = Zegar
new-game-time-hint = Czas każdego gracza na partię; komu skończy się zegar, ten przegrywa.
time-none = Bez zegara
time-bullet = Bullet
time-blitz = Blitz
time-rapid = Szybka
time-classical = Klasyczna
time-fischer = Fischer
time-byo-yomi = Byo-yomi
time-per-move = Na ruch
time-per-move-limit = { $seconds } s na ruch
time-custom = Własny…
time-custom-hint = Zapisz jak gracze: 3+2 (minuty + sekundy za ruch), 20s+1, byo-yomi 10+3x30 (minuty, potem 3 okresy po 30 s) albo 10/move (sekundy na ruch).
swap-place-three = { $player }: postaw pierwsze trzy kamienie — czarny, biały, czarny.
swap-place-two = { $player }: postaw jeszcze dwa kamienie — biały, potem czarny.
swap-choose = { $player }: wybierz kolor.
swap-choose-or-two = { $player }: wybierz kolor albo postaw jeszcze dwa kamienie.
swap-take-black = Graj czarnymi
swap-take-white = Graj białymi
swap-take-two = Postaw jeszcze dwa
swap-computer-placing = Komputer stawia kamienie otwarcia…
swap-computer-choosing = Komputer wybiera kolor…
swap-computer-chose = Komputer wybrał: { $side }.
swap-computer-two = Komputer postawił jeszcze dwa kamienie: teraz wybierasz ty.
swap-wait = Najpierw kolory: wybierz kolor przyciskami w panelu bocznym.
swap-rule-rif = RIF
swap-rule-yamaguchi = Yamaguchi
swap-rule-soosorv = Soosõrv-{ $n }
swap-rule-taraguchi = Taraguchi-{ $n }
swap-rule-tournament = Zasady renju…
swap-rule-offers-hint = Ile piątych ruchów może zaproponować czarny (Soosõrv: najwyżej tyle, ile zapowie biały; Taraguchi: dokładnie tyle).
swap-rule-tournament-hint = Turniejowe zasady renju: jedno z 26 otwarć, potem piąte ruchy proponowane przez czarne.
opening-place-three = { $player }: postaw jedno z 26 otwarć — czarny na środku, biały obok, czarny w kwadracie 5×5.
opening-place-stone = { $player }: postaw kamień { $number } w środkowym kwadracie { $side }×{ $side }.
opening-place-fourth = { $player }: zagraj czwarty kamień (biały) w dowolnym miejscu.
opening-declare = { $player }: ile piątych ruchów zaproponuje czarny?
opening-declare-taraguchi = { $player }: postaw piąty kamień sam w kwadracie 9×9 albo zaproponuj { $n } piątych ruchów.
opening-place-fifth = Postawię sam
opening-offer-n = Zaproponuj { $n }
opening-offering = { $player }: zaproponuj piąte ruchy ({ $count }), żadnych dwóch symetrycznych — postawiono { $placed } z { $count }.
opening-selecting = { $player }: wybierz jeden z piątych ruchów czarnego ({ $count }, ponumerowane znaczniki).
opening-computer-acting = Komputer wykonuje swój krok otwarcia…
opening-computer-declared = Komputer zapowiedział piątych ruchów: { $count }.
opening-declared = Piątych ruchów do zaproponowania: { $count }.
notice-outside-opening = Kamień { $number } otwarcia stawia się w środkowym kwadracie { $side }×{ $side }.
notice-already-offered = Ten piąty ruch jest już zaproponowany.
notice-symmetric-offer = Ten piąty ruch to lustrzane odbicie już zaproponowanego { $cell }: zaproponuj inny.
notice-not-offered = Wybierz jeden z zaproponowanych piątych ruchów (ponumerowane znaczniki).

## Game over card: folding it away
hud-colour-not-chosen = kolor jeszcze nie wybrany
hud-wins = { $wins ->
    [one] { $wins } wygrana
    [few] { $wins } wygrane
   *[many] { $wins } wygranych
}

## The question before a new game
question-new-game = Zacząć nową partię? Bieżąca partia zostanie utracona.
question-reset-score = Wyzerować wynik? Wygrane i remisy tej sesji przepadną.
question-yes = Tak
question-no = Nie

## Records windows (second pass)
records-dialog-open-title = Otwórz partię
records-dialog-save-title = Zapisz partię
records-dialog-filter = Zapisy partii
records-menu = Zapisy…
records-save-as = Zapisz jako…
records-copied = Skopiowano { $text }
records-open-heading = Otwórz zapis partii (.sgf, .psq lub tekst)
records-open-file-button = Otwórz plik…
records-open-or-drop = (Ctrl+O) albo upuść plik na okno
records-clipboard-empty = Schowek nie zawiera tekstu.
records-play-on-at-once = Graj od razu dalej z komputerem (grasz stroną, która ma ruch); inaczej zapis otworzy się do przeglądania
records-replay-look-tip = Przejrzyj ruch po ruchu i graj dalej od dowolnego ruchu
records-technical-detail = Szczegóły techniczne

## The record viewer
viewer-title = Zapis
viewer-first = Początek (Home)
viewer-previous = Wstecz (←)
viewer-next = Dalej (→)
viewer-last = Koniec (End)
viewer-position-tip = Pokazany ruch spośród ruchów zapisu
viewer-wins-here = { $who ->
    [you] Tu wygrywasz.
   *[other] Tu wygrywa { $name }.
}
viewer-draw = Remis: plansza jest pełna.
viewer-draw-black-stuck = Remis: czarnym zostały tylko zakazane punkty.
viewer-move-numbers = Numery ruchów na kamieniach
viewer-continue-from-here = Graj dalej od tego miejsca:
viewer-two-players = Dwóch graczy
viewer-against-computer = Z komputerem
viewer-against-computer-tip = Grasz stroną, która ma ruch
viewer-start = Start

## Refusals (second pass)
notice-remote-turn = Poczekaj: ruch ma drugi gracz (na drugim komputerze).
notice-not-connected = Poczekaj: drugi gracz nie jest połączony.
notice-record-over-here = Tu partia jest zakończona: cofnij się, aby grać dalej od wcześniejszego ruchu.
notice-record-move-unplayable = Ruchu { $move } zapisu nie można zagrać: { $error }.
notice-game-opened-play-on = Partia otwarta: grasz stroną, która ma ruch.
notice-record-opened = Zapis otwarty: ← → przeglądają go, w górę i w dół zmieniają wariant; kamień poza linią tworzy wariant.
notice-open-too-large = jest o wiele za duży jak na zapis partii.
notice-open-not-text = to nie jest plik tekstowy ani zapis .sgf lub .psq.

## Live analysis and game review
hud-analysis = Analiza
hud-analysis-tip = Co widzi silnik: szanse, najlepszy wariant i najlepsze ruchy (A). W grze z komputerem każda twoja pozycja, którą pokazuje, liczy się jako podpowiedź.
analysis-thinking = Analizuję…
analysis-game-over = Partia się skończyła.
analysis-detail = Głębokość { $depth }
analysis-by-engine = { $engine }: { $what }
analysis-forced-win = { $side }: wygrana wymuszona.
analysis-line = Wariant: { $line }
analysis-bar-tip = Szanse Czarnych i Białych przy najlepszej grze, jak widzi je silnik
notice-analysis-not-in-network = Analiza nie jest dostępna w grze sieciowej.
notice-hints-not-in-network = Podpowiedzi nie są dostępne w grze sieciowej.
notice-review-finished-games = Najpierw dokończ partię: przegląd ocenia całą partię.
game-over-review = Przegląd partii
game-over-review-tip = Silnik ocenia każdy ruch: szanse w przebiegu partii i błędy z lepszymi ruchami
viewer-review = Przejrzyj partię
review-title = Przegląd
review-close = Zamknij
review-progress = Pozycja { $done } z { $total }…
review-progress-engine = { $engine }: pozycja { $done } z { $total }…
review-title-engine-tip = Przegląd silnika { $engine }, wybranego do podpowiedzi w Ustawieniach → Silniki.
review-class-best = najlepszy
review-class-good = dobry
review-class-inaccuracy = niedokładność
review-class-mistake = błąd
review-class-blunder = poważny błąd
review-better = lepiej { $move }
review-accuracy = { $percent } %
review-accuracy-tip = Dokładność: 100 % oznacza, że każdy ruch zachował szanse najlepszego ruchu
review-graph-tip = Szanse Czarnych po każdym ruchu. Kliknij, aby pokazać ten ruch.
review-accuracy-heading = Dokładność
review-pick-a-move = Przeglądaj ruchy (← →) albo kliknij wykres.
review-chances = Szanse ({ $side }): { $before } % przed ruchem, { $after } % po nim
review-play-better = Pokaż lepszy wariant
review-play-winning = Pokaż wygraną
review-play-refutation = Pokaż odparcie
review-line-better = Lepszy wariant: ruch { $step } z { $total }
review-line-winning = Wygrana: ruch { $step } z { $total }
review-line-refutation = Odparcie: ruch { $step } z { $total }
review-line-move = { $move }: { $reason }
review-line-keys = Przeglądaj wariant klawiszami ← →; „Wróć” wraca do ocenianego ruchu.
review-line-back = Wróć
review-refutation = odparcie
## File notices, worded when shown (some are raised at start, before the language is known)
file-name-settings = Plik ustawień
file-name-autosave = Plik bieżącej gry
file-name-statistics = Plik statystyk
file-name-history = Plik historii gier
file-name-record = Plik zapisu gry
file-problem-unreadable = { $file } nie dał się odczytać.
file-problem-cut-short = { $file } urywa się w połowie (jego zapis nie został dokończony).
file-problem-damaged = { $file } jest uszkodzony i nie dał się odczytać.
file-problem-too-new = { $file } został zapisany przez nowszą wersję Tengen.
file-problem-impossible = { $file } zawiera grę, której nie da się rozegrać.
file-problem-saved-match = Otwarcie lub zegary zapisanej partii nie pasują do jej ruchów, więc nie da się jej kontynuować.
file-fallback-settings = Używane są ustawienia domyślne.
file-fallback-autosave = Nie ma gry do kontynuowania; zaczyna się nowa gra.
file-fallback-statistics = Statystyki zaczynają się od zera.
file-fallback-history = Zostaje pominięty na liście historii.
file-fallback-record = Nie zostaje otwarty.
file-notice-unusable = { $problem } { $fallback }
file-notice-unusable-kept = { $problem } { $fallback } Stary plik zachowano jako kopię zapasową: { $path }.
file-notice-not-saved-why = { $file } nie dał się zapisać: { $reason }.
save-trouble-line = Nie zapisano: { $what } — { $reason } ({ $name })
save-what-autosave = bieżąca gra
save-what-settings = ustawienia
save-what-statistics = statystyki
save-what-history = zakończona gra
save-what-record = zapis gry
save-what-two = { $first } i { $second }
save-what-more = { $first }, { $more }
save-trouble-started = { $file } nie daje się zapisać ({ $name }): { $reason }. Graj dalej: gra sama zapisze wszystko, gdy tylko będzie mogła.
save-trouble-over = Zapisywanie znów działa: wszystko jest zapisane.
save-reason-disk-full = dysk jest pełny
save-reason-read-only = folder jest tylko do odczytu
save-reason-not-allowed = Tengen nie ma prawa tam zapisywać
save-reason-folder-gone = jego folder zniknął
save-reason-other = { $error }
file-notice-no-home = Nie znaleziono folderu domowego: ustawienia, zapisane gry i statystyki nie są zachowywane.
file-notice-other-window = Działa już inne okno Tengen; to okno nie będzie ruszać zapisanej gry.
notice-could-not-save = Nie udało się zapisać { $path }: { $error }
records-review = Przegląd

# The strength ladder and "Match my strength"
step-plain = Stopień { $step }
step-level = Stopień { $step } · { $level }
new-game-match-me = Na moją siłę
new-game-match-me-tip = W każdej partii komputer gra na stopniu, który daje ci mniej więcej równe szanse, według twojego rankingu w tych zasadach.
new-game-step = Stopień
new-game-step-matched = { $step }, dobrany do ciebie
new-game-step-rating = { $step } · ranking { $rating }
new-game-step-below = { $step } · słabszy niż „{ $level }”
new-game-step-between = { $step } · między „{ $lower }” a „{ $upper }”
new-game-step-tip = Czternaście stopni, każdy nieco silniejszy od poprzedniego: Łatwy to stopień 2, Średni 7, Ekspert 14. Liczba to ranking stopnia.
new-game-step-tic-tac-toe = Gra 3×3 zachowuje swoje trzy poziomy.
notice-rating-change = Twój ranking: { $before } → { $after }
notice-rating-change-why = Twój ranking: { $before } → { $after }: { $why }
rating-why-aids = { $aids }: { $draw ->
    [1] liczone jak remis
   *[other] ta wygrana liczy się w { $percent } %
}
rating-why-little = { $result ->
    [0] wygrana z dużo słabszym przeciwnikiem niewiele zmienia
    [1] remis z równym przeciwnikiem niewiele zmienia
   *[other] porażka z dużo silniejszym przeciwnikiem niewiele zmienia
}
rating-aid-hints = { $count ->
    [one] 1 podpowiedź
    [few] { $count } podpowiedzi
   *[other] { $count } podpowiedzi
}
rating-aid-undos = { $count ->
    [one] 1 cofnięcie
    [few] { $count } cofnięcia
   *[other] { $count } cofnięć
}
rating-aid-both = { $hints } i { $undos }

# Puzzles
puzzle-menu-button = Zadania
puzzle-menu-hint = Znajdź wygraną: pozycje z partii samego komputera, w każdej jeden wygrywający ruch.
puzzle-title = Znajdź wygraną
puzzle-number = Zadanie { $number } z { $count } · { $rule }
puzzle-goal-fours = { $side } zaczynają i wygrywają czwórkami w { $moves ->
    [one] { $moves } ruchu
   *[other] { $moves } ruchach
}
puzzle-goal-threes = { $side } zaczynają i wygrywają trójkami i czwórkami w { $moves ->
    [one] { $moves } ruchu
   *[other] { $moves } ruchach
}
puzzle-difficulty = Trudność { $difficulty } z 5
puzzle-moves-left = Twój ruch. Do piątki { $moves ->
    [one] został { $moves } ruch
    [few] zostały { $moves } ruchy
   *[many] zostało { $moves } ruchów
}; komputer broni się, jak umie.
puzzle-solved = Rozwiązane!
puzzle-solved-with-hints = Rozwiązane, z { $hints ->
    [one] { $hints } podpowiedzią
   *[other] { $hints } podpowiedziami
}.
puzzle-missed-refuted = { $move } nie wygrywa: odpowiedź na { $answer } się broni. Spróbuj jeszcze raz albo przejdź do następnego zadania.
puzzle-missed = { $move } nie wygrywa w pozostałych ruchach. Spróbuj jeszcze raz albo przejdź do następnego zadania.
puzzle-progress = Twoje postępy
puzzle-rating = Ranking w zadaniach { $rating } · rozwiązane { $solved } z { $count }
puzzle-hint = Podpowiedź
puzzle-hint-tip = Zaznacza wygrywający ruch. Zadanie rozwiązane z podpowiedzią podnosi ranking mniej.
puzzle-hint-reason-fours = tworzy czwórkę: obrona musi ją zablokować, a po niej przychodzi twoja następna czwórka ({ $moves ->
    [one] ten ruch wygrywa
    [few] { $moves } ruchy do piątki
   *[other] { $moves } ruchów do piątki
})
puzzle-hint-reason-threes = tworzy czwórkę albo otwartą trójkę: obrona musi odpowiedzieć, a atak trwa dalej ({ $moves ->
    [one] ten ruch wygrywa
    [few] { $moves } ruchy do piątki
   *[other] { $moves } ruchów do piątki
})
puzzle-retry = Jeszcze raz
puzzle-next = Następne zadanie
puzzle-back = Do menu
stats-rating-title = Twój ranking
stats-rating-rule = { $rule }: { $rating } (± { $deviation }) po { $games ->
    [one] { $games } partii
   *[other] { $games } partiach
}
stats-rating-none = Ranking pojawi się tutaj po pierwszej skończonej partii z komputerem.

## The file dialog (egui-file-dialog's own labels, in the player's language)
file-dialog-cancel = Anuluj
file-dialog-overwrite = Zastąp
file-dialog-show-hidden = Pokaż ukryte
file-dialog-pinned = Przypięte
file-dialog-places = Miejsca
file-dialog-home = Katalog domowy
file-dialog-desktop = Pulpit
file-dialog-documents = Dokumenty
file-dialog-downloads = Pobrane
file-dialog-music = Muzyka
file-dialog-pictures = Obrazy
file-dialog-videos = Wideo
file-dialog-pin = Przypnij
file-dialog-unpin = Odepnij
file-dialog-rename = Zmień nazwę
file-dialog-selected-file = Wybrany plik:
file-dialog-selected-folder = Wybrany folder:
file-dialog-this-folder = Użyj tego folderu
file-dialog-reload = Odśwież
file-dialog-file-name = Nazwa pliku:
file-dialog-all-files = Wszystkie pliki
file-dialog-open = Otwórz
file-dialog-save = Zapisz
file-dialog-overwrite-text = już istnieje. Czy zastąpić go?
file-dialog-empty-folder-name = Folder musi mieć nazwę.
file-dialog-empty-file-name = Plik musi mieć nazwę.
file-dialog-folder-exists = Folder o tej nazwie już tu jest.
file-dialog-file-exists = Plik o tej nazwie już tu jest.

# Why a record could not be opened (after "Could not open <file>: ").
open-reason-missing = nie ma takiego pliku.
open-reason-not-allowed = brak uprawnień do jego odczytu.
open-reason-folder = to folder, a nie plik.
open-reason-unreadable = nie udało się go odczytać ({ $error }).
open-reason-not-sgf = to nie jest czytelny zapis partii SGF ({ $detail }).
open-reason-not-psq = to nie jest czytelny zapis Piskvork .psq ({ $detail }).
open-reason-not-position = to nie jest ciąg pozycji w rodzaju h8i9j10 ({ $detail }).
open-reason-not-move-list = to nie jest czytelna lista ruchów Gomocup w wierszach x,y ({ $detail }).
open-reason-bad-setup = nie da się odczytać jego ustawienia kamieni ({ $detail }).
open-reason-not-playable = Tengen nie gra na jego planszy ({ $detail }).
open-reason-illegal = ruch { $move } łamie zasady ({ $detail }).
open-reason-unknown-kind = zapisami partii są tylko pliki .sgf i .psq.
open-reason-board-not-offered = to partia na planszy, której gra nie oferuje ({ $board }).

# What went wrong with a connection (after "Could not join <address>: " and the like).
net-why-peer-closed = drugi gracz zamknął połączenie
net-why-peer-left = drugi gracz zamknął połączenie ({ $words })
net-why-cut = połączenie zostało przerwane
net-why-timed-out = połączenie zbyt długo nie odpowiada
net-why-refused = pod adresem { $address } nic nie odpowiada: nie ma tam gry albo jej port jest zamknięty
net-why-unreachable = nie da się dotrzeć do { $address }: brak trasy albo odpowiedzi
net-why-no-such-host = nie ma komputera o nazwie { $host }
net-why-bad-address = „{ $address }” to nie adres z portem w rodzaju 192.168.1.20:47015
net-why-port-in-use = port { $port } jest już zajęty przez inny program
net-why-bad-save = nie da się przywrócić zapisanej gry sieciowej ({ $detail })
net-why-other = { $detail }
net-why-broken = druga strona złamała protokół gry ({ $detail })
net-why-slow-handshake = druga strona zbyt długo się nie przywitała
net-why-dropped-here = połączenie zostało zerwane tutaj
net-why-other-left = drugi gracz opuścił grę
net-why-awaiting = czekamy, aż drugi gracz wróci
net-why-closed-after-break = połączenie zamknięto po uszkodzonej wiadomości
net-why-not-hello = druga strona nie zaczęła od powitania
net-why-other-app = po drugiej stronie nie ma Tengen ({ $theirs })
net-why-version = Tengen po drugiej stronie używa protokołu sieciowego { $theirs }, ten — { $ours }; obaj gracze potrzebują tej samej wersji Tengen
net-why-rule = zasady się różnią (tutaj { $ours }, tam { $theirs })
net-why-size = plansze się różnią (tutaj { $ours }, tam { $theirs })
net-why-other-game = druga strona przywraca inną grę
net-why-busy = tam już trwa gra
net-why-positions-differ = pozycje się różnią (tutaj kamieni: { $ours }, tam: { $theirs }), więc gry nie da się podjąć
net-why-passphrase-needed = gospodarz prosi o hasło
net-why-wrong-passphrase = hasło jest błędne
net-not-your-turn = to nie twój ruch
net-move-not-allowed = ten ruch jest niedozwolony ({ $detail })
net-game-over = gra się skończyła
net-not-over = rewanż można zaproponować dopiero po końcu gry
net-nothing-to-undo = nie masz ruchu do cofnięcia
net-already-asked = ta prośba już czeka na odpowiedź
net-nothing-to-answer = nikt o to nie prosił
net-too-fast = za dużo wiadomości w krótkim czasie: poczekaj chwilę
net-chat-line-empty = wiersz czatu jest pusty
net-chat-too-long = wiersz czatu ma { $count } znaków; wolno najwyżej { $most }
net-not-connected = drugi gracz nie jest połączony
question-leave-network = Wyjść z gry sieciowej do menu? Skończy się od razu dla was obojga i liczy się jako twoja porażka.
net-leave-sure = Wyjść z gry? Skończy się od razu dla was obojga i liczy się jako twoja porażka.
net-leave-yes = Tak, wyjdź

# Study tree panel
study-promote = Ustaw jako główną
study-promote-tip = Pokazany wariant staje się główną linią zapisu
study-delete = Usuń wariant
study-delete-tip = Usuwa pokazaną pozycję i wszystkie ruchy po niej (cofnięcie je przywraca)
study-undo-delete = Przywróć wariant
study-comment = Komentarz do pozycji:
study-comment-hint = Wpisz komentarz
study-marks = Znaczniki:
study-mark-none = Brak
study-mark-label = A B C
study-mark-triangle = Trójkąt
study-mark-square = Kwadrat
study-marking = Kliknięcie planszy stawia znacznik: kamień nie jest stawiany.
study-view = Plansza:
study-rotate = Obróć
study-rotate-tip = Obraca planszę o ćwierć obrotu (T); zapis się nie zmienia
study-flip = Odbij
study-flip-tip = Odbija planszę lustrzanie (F); zapis się nie zmienia
study-reset-view = Jak w zapisie
study-number-last = Numery ostatnich ruchów:
study-number-last-tip = Numery na ostatnich N kamieniach (L: ostatnie 10 albo żadne); 0 bez numerów
# Engines
game-over-reason-forfeit = { $name } ({ $side }) przegrywa walkowerem: silnik złamał zasady gry.
engine-lost-time = { $name } ({ $side }) przegrywa: brak ruchu w ciągu { $seconds } s.
engine-lost-crash = { $name } ({ $side }) przegrywa: silnik przestał działać.
engine-lost-taken = { $name } ({ $side }) przegrywa: ruch { $point } na zajęte pole.
engine-lost-off-board = { $name } ({ $side }) przegrywa: ruch poza planszę.
engine-lost-forbidden = { $name } ({ $side }) przegrywa: ruch { $point } na zakazane pole.
engine-lost-garbage = { $name } ({ $side }) przegrywa: odpowiedź, która nie jest ruchem.
engine-lost-start = { $name } ({ $side }) przegrywa: silnik nie mógł zacząć partii.
hint-engine-plain = { $engine } proponuje ten ruch
hint-engine-score = { $engine } proponuje ten ruch (ocena { $score }, głębokość { $depth })
hint-engine-score-nodepth = { $engine } proponuje ten ruch (ocena { $score })
hint-engine-win = { $engine } proponuje ten ruch: wymuszona wygrana (ruchów: { $moves })
hint-engine-loss = { $engine } proponuje ten ruch, ale widzi wymuszoną przegraną (ruchów: { $moves })
notice-analyst-failed = { $engine } nie dał podpowiedzi i został zamknięty; poproś ponownie, by go uruchomić.
notice-analyst-failed-study = { $engine } przestał odpowiadać i został zamknięty; analiza na żywo jest wyłączona, dopóki jej nie włączysz.
notice-review-engine-failed = { $engine } nie mógł przejrzeć partii ({ $reason }); przegląda ją własny silnik Tengen.
# File dialog and audit
records-open-path = Albo wpisz ścieżkę:
records-open-path-hint = ~/games/game.sgf
records-open-path-button = Otwórz
# Settings → Engines
engines-button = Silniki…
engines-title = Silniki
engines-subtitle = Programy Gomocup do gry
engines-own-name = Tengen
engines-own-note = własny silnik Tengen, zawsze dostępny
engines-hints = Podpowiedzi daje
engines-hints-tip = Silnik, który daje podpowiedzi i mówi, co widzi
engines-own-choice = Tengen (wbudowany)
engines-author = autor: { $author }
engines-test = Sprawdź
engines-remove = Usuń
engines-threads = Wątki
engines-threads-tip = INFO thread_num; 0 zostawia wybór silnikowi
engines-memory = Pamięć
engines-memory-tip = INFO max_memory; 0 to brak limitu
engines-megabytes = { " " }MB
engines-info = INFO
engines-info-hint = klucz=wartość
engines-info-tip = Dalsze wiersze INFO, jeden klucz=wartość w wierszu, wysyłane przy starcie silnika
engines-removed = Usunięto { $name }.
engines-undo = Cofnij
engines-program = Program
engines-program-hint = /ścieżka/do/pbrain-silnik
engines-browse = Przeglądaj…
engines-browse-tip = Wybierz program silnika w oknie wyboru pliku
engines-dialog-title = Wybierz program silnika
engines-arguments = Argumenty
engines-add = Dodaj
engines-working = Pytam silnik…
engines-played = Zagrał { $point } na pustej planszy w { $ms } ms.
engines-already-added = Ten program z tymi argumentami już jest na liście.
engines-refused = Nie dodano: { $why }
engines-test-failed = Test nieudany: { $why }
engines-why-not-started = nie da się uruchomić programu z tej ścieżki.
engines-why-crashed = program przestał działać.
engines-why-silent = brak odpowiedzi silnika w ciągu { $seconds } s; czy to silnik Gomocup?
engines-why-board = nie gra na planszy 15×15.
engines-why-no-move = brak ruchu w ciągu { $seconds } s.
engines-why-garbage = odpowiedział czymś, co nie jest ruchem.
engines-renju-yes = Renju: przestrzega zakazanych punktów czarnych.
engines-renju-no = Renju: w sprawdzeniu zagrał czarnymi zakazany punkt; w renju przegrywałby takie partie czarnymi.
engines-renju-unknown = Renju: jeszcze nie sprawdzone (sprawdza to „Sprawdź”).
tournament-button = Turniej…
tournament-title = Turniej
tournament-subtitle = Dodane silniki grają ze sobą
tournament-engines = Silniki
tournament-no-engines = Najpierw dodaj co najmniej dwa silniki.
tournament-rule = Zasady (15×15)
tournament-rule-freestyle = Wolne
tournament-rule-standard = Standardowe (dokładnie pięć)
tournament-rule-renju = Renju
tournament-games = Partie na parę
tournament-concurrency = Naraz
tournament-time = Czas na ruch
tournament-ms = { " " }ms
tournament-time-tip = Limit każdego ruchu (timeout_turn Gomocupu); 0 zostawia tylko zegar partii. Silnik, który nie odpowie na czas, przegrywa partię.
tournament-game-clock = Zegar partii
tournament-s = { " " }s
tournament-increment = + za ruch
tournament-game-clock-tip = Czas każdego silnika na całą partię (0: bez zegara), z dodatkiem po każdym jego ruchu (timeout_match i time_left Gomocupu). Silnik, któremu skończy się czas, przegrywa partię.
tournament-no-renju = { $engine } w sprawdzeniu zagrał czarnymi zakazany punkt: nie gra w renju.
tournament-openings-browse-tip = Wybierz plik otwarć w oknie wyboru plików
tournament-openings-dialog-title = Wybierz plik otwarć
tournament-folder-browse-tip = Wybierz folder turnieju w oknie wyboru plików
tournament-folder-dialog-title = Wybierz folder turnieju
tournament-openings = Otwarcia
tournament-openings-hint = wbudowany zestaw wyrównany
tournament-openings-tip = Plik otwarć (h8i9j10 lub 0,0, 1,-1 w wierszu); puste dla wbudowanych wyrównanych otwarć
tournament-folder = Folder
tournament-folder-tip = Tu zapisuje się każdą partię jako SGF oraz plik, który czyta Wznów
tournament-start = Start
tournament-resume = Wznów
tournament-resume-tip = Kontynuuj turniej zapisany w folderze
tournament-choose-two = Wybierz co najmniej dwa silniki
tournament-stop = Zatrzymaj
tournament-new = Nowy turniej
tournament-refused = Nie rozpoczęto: { $why }
tournament-playing = Rozegrano { $played } z { $total } partii
tournament-stopped = Zatrzymano: rozegrano { $played } z { $total } partii
tournament-over = Koniec: rozegrano { $played } z { $total } partii
tournament-now = Partia { $number }: { $black } (czarne) przeciw { $white }, kamieni: { $moves }
tournament-engine = Silnik
tournament-points = Punkty
tournament-played = Partie
tournament-elo = Elo
tournament-forfeits = Walkowery
tournament-forfeit-crash = awaria { $count }
tournament-forfeit-time = czas { $count }
tournament-forfeit-illegal = zły ruch { $count }
tournament-forfeit-forbidden = zakazany { $count }
new-game-engine = Silnik
new-game-engine-tip = Własny silnik Tengen albo dodany w Ustawienia → Silniki
new-game-engine-side-tip = Silnik, który gra: { $side }
