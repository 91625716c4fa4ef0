"""The cffi build of the Laser Chess core (docs/compiled.md): ``engine.c`` and ``batch.c`` into
``abstracta.games.laser_chess.compiled._engine``. ``setup.py`` finds this file and builds it in place;
``CDEF`` repeats the parts of ``engine.h`` Python calls (cffi reads no macros with expressions)."""

import os
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent
SOURCES = ("engine.c", "batch.c", "search.c")

CDEF = """
#define LC_SQUARES 80
#define LC_MAX_MOVES 192
#define LC_ACTIONS 801
#define LC_OBSERVATION 1760
typedef uint16_t lc_move;
typedef struct {
    uint8_t board[80];
    uint8_t turn;
    uint8_t over;
    int8_t winner;
    uint8_t end;
    int32_t plies;
    int32_t ply_limit;
    int32_t quiet;
    uint64_t key;
    int8_t shot_mover;
    int8_t shot_square;
    uint8_t shot_code;
    uint8_t pad_;
} lc_position;
typedef struct { lc_position before; } lc_undo;
typedef struct { uint64_t *keys; int32_t length; int32_t capacity; } lc_history;
void lc_init(void);
void lc_set(lc_position *p, const uint8_t *board, int turn, int plies, int ply_limit);
int lc_generate(const lc_position *p, lc_move *out);
int lc_repetitions(const lc_position *p, const lc_history *history);
int lc_legal(const lc_position *p, const lc_history *history, lc_move *out);
void lc_make(lc_position *p, lc_move m, lc_undo *undo);
void lc_unmake(lc_position *p, const lc_undo *undo);
int lc_history_push(lc_history *history, uint64_t key);
void lc_history_free(lc_history *history);
int lc_history_copy(lc_history *to, const lc_history *from);
uint64_t lc_key(const uint8_t *board, int turn);
int lc_fire(const uint8_t *board, int colour, uint8_t *path, int *path_length, int *struck);
void lc_returns(const lc_position *p, float *out);
int lc_move_name(lc_move m, char *out);
lc_move lc_move_parse(const char *text);
int lc_format(const lc_position *p, int with_plies, char *out);
int lc_parse(const char *text, int ply_limit, lc_position *out);
uint64_t lc_perft(lc_position *p, lc_history *history, int depth);
int lc_forced_win(lc_position *p, lc_history *history, int solver, int turns_left);
typedef struct lc_batch lc_batch;
lc_batch *lc_batch_new(int num_envs, const lc_position *start, int oriented);
void lc_batch_free(lc_batch *batch);
void lc_batch_reset(lc_batch *batch, const uint8_t *rows, float *observations, uint8_t *masks, int64_t *players);
void lc_batch_step(lc_batch *batch, const int64_t *actions, const uint8_t *rows, float *observations,
                   uint8_t *masks, int64_t *players, float *rewards, uint8_t *terminated,
                   uint8_t *truncated, uint8_t *illegal);
void lc_batch_sample(lc_batch *batch, int64_t *actions);
void lc_batch_seed(lc_batch *batch, uint64_t seed);
const lc_position *lc_batch_position(const lc_batch *batch, int row);
void lc_observe(const lc_position *p, int observer, int turned, float *out);
int lc_action_of(lc_move m, int player, int oriented);
lc_move lc_move_of_action(int action, int player, int oriented);
"""



def _relative(path: Path) -> str:
    """A source relative to the working directory (setup.py's root): setuptools refuses absolute paths."""
    relative = os.path.relpath(path)
    return str(path) if relative.startswith("..") else relative


ffibuilder = FFI()
ffibuilder.cdef(CDEF)
ffibuilder.cdef((HERE / "search.cdef").read_text())  # the search's part (search.h)
ffibuilder.set_source(
    "abstracta.games.laser_chess.compiled._engine",
    '#include "engine.h"\n#include "search.h"',
    sources=[_relative(HERE / name) for name in SOURCES],
    include_dirs=[_relative(HERE)],
    extra_compile_args=["-std=c11", "-O3", "-Wall", "-Wextra"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
