#!/bin/bash
# Build Rapfi (dhbloo/rapfi @3aedf3a) Release, AVX2+FMA+BMI2 (+SSE), command modules off,
# multi-threading code on (engine plays with 1 thread via INFO thread_num), fully static.
set -euo pipefail
SRC=${RAPFI_SRC:?set RAPFI_SRC to the Rapfi folder of a dhbloo/rapfi checkout}
OBJ=${RAPFI_OBJ:-/tmp/rapfi-obj}
mkdir -p "$OBJ"
CXXFLAGS="-std=c++17 -O3 -DNDEBUG -ffp-contract=off -mavx2 -mfma -mbmi2 -DUSE_SSE -DUSE_AVX2 -DUSE_BMI2 -DMULTI_THREADING -w"
INC="-I$SRC -I$SRC/external/cpptoml/include -I$SRC/external/cxxopts/include -I$SRC/external/lz4/include -I$SRC/external/simde/include"
SOURCES="command/argutils.cpp command/benchmark.cpp command/command.cpp command/gomocup.cpp
core/compressor.cpp core/hash.cpp core/iohelper.cpp core/utils.cpp core/platform.cpp core/version.cpp
database/dbclient.cpp database/dbutils.cpp database/dbtypes.cpp database/yxdbstorage.cpp
eval/eval.cpp eval/evaluator.cpp eval/mix9svqnnue.cpp eval/mix10nnue.cpp
game/board.cpp game/movegen.cpp game/pattern.cpp
search/hashtable.cpp search/movepick.cpp search/opening.cpp search/searchcommon.cpp search/searchoutput.cpp
search/searchthread.cpp search/timecontrol.cpp search/ab/history.cpp search/ab/search.cpp
search/mcts/node.cpp search/mcts/search.cpp config.cpp internalConfig.cpp main.cpp"
cd "$SRC"
export CXXFLAGS INC OBJ
printf '%s\n' $SOURCES | xargs -P2 -I{} sh -c 'o="$OBJ/$(echo {} | tr / _).o"; [ "$o" -nt "{}" ] || { echo "CXX {}"; g++ $CXXFLAGS $INC -c "{}" -o "$o"; }'
for c in lz4_all xxhash; do gcc -O3 -DNDEBUG -mavx2 -I$SRC/external/lz4/include -c external/lz4/src/$c.c -o "$OBJ/$c.o"; done
g++ -static -O3 -o "$OLDPWD/pbrain-rapfi" "$OBJ"/*.o -pthread
strip "$OLDPWD/pbrain-rapfi"
