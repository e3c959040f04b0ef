#!/bin/sh
# Cuts the Chinese font the game bundles down to the characters its words use, so the binary stays
# small: Noto Sans CJK SC from Debian's fonts-noto-cjk, subset by pyftsubset (Debian's python3-fonttools)
# to every character in the translations (crates/i18n/locales/*.ftl), the language names, and ASCII.
# egui's built-in font draws Latin, Polish and Cyrillic letters; this one fills in what it lacks.
#
#   sudo apt-get install fonts-noto-cjk python3-fonttools
#   scripts/subset-font.sh          # rewrites assets/fonts/NotoSansCJKsc-Regular-subset.otf
#
# Rerun after adding words in a new script (new Chinese characters): the i18n tests fail until then
# (crates/i18n: every character of zh-CN.ftl must be in the subset).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
source_font=${NOTO_CJK:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
# Inside the collection: 0 JP, 1 KR, 2 SC (Simplified Chinese), 3 TC, 4 HK.
font_number=2
out="$root/assets/fonts/NotoSansCJKsc-Regular-subset.otf"

if [ ! -f "$source_font" ]; then
    echo "no $source_font: install the Debian package fonts-noto-cjk (or set NOTO_CJK)" >&2
    exit 1
fi

text=$(mktemp)
trap 'rm -f "$text"' EXIT
cat "$root"/crates/i18n/locales/*.ftl "$root/crates/i18n/src/language.rs" > "$text"
# Printable ASCII, so digits and Latin inside Chinese lines have a fallback too.
printf '%s' ' !"#$%&'"'"'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~' >> "$text"

/usr/bin/python3 -m fontTools.subset "$source_font" \
    --font-number="$font_number" \
    --text-file="$text" \
    --layout-features='*' \
    --no-hinting \
    --desubroutinize \
    --name-IDs='*' \
    --output-file="$out"
echo "wrote $out ($(wc -c < "$out") bytes)"
