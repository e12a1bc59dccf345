#!/usr/bin/env bash
# Rebuilds NotoSerifTC-Bold-subset.otf from Debian's fonts-noto-cjk (SIL OFL 1.1).
# Needs: apt-get install -y fonts-noto-cjk; pip install fonttools.
set -euo pipefail
cd "$(dirname "$0")"
# Pieces (both sets, traditional and simplified), the river, and every character the Chinese
# move notation writes (numbers, 進退平, 前後中, full-width digits).
fixed="帥仕相傌俥炮兵將士象馬車砲卒帅将马车楚河漢界汉一二三四五六七八九進退平前後中进后包（）０１２３４５６７８９"
# Every non-ASCII character of the language catalogue and of the variants' own words (titles,
# options, reasons: `Words` in the rules and variant crates), all three languages, so that a new
# text needs only a rerun; tests/languages.rs fails while one is missing.
catalogue=$(python3 -c 'import sys; print("".join(sorted({c for f in sys.argv[1:] for c in open(f, encoding="utf-8").read() if ord(c) > 127})))' \
  ../../crates/game/src/i18n.rs $(grep -rl --include='*.rs' 'Words::new' ../../crates/*/src))
pyftsubset /usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc --font-number=3 \
  --text="$fixed$catalogue" --unicodes="U+0020-007E,U+00B7,U+2013,U+2014,U+2026,U+25CF" \
  --layout-features='' --no-hinting --desubroutinize --name-IDs='*' \
  --output-file=NotoSerifTC-Bold-subset.otf
