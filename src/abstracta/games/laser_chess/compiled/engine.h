/* Laser Chess compiled core: the rules of rules.py in C11 (docs/compiled.md).
 *
 * The pure-Python engine (rules.py, board.py) is the reference; every function here is
 * tested equal to it (tests/games/laser_chess/test_compiled_engine.py). Numbers follow
 * board.py exactly:
 *   squares  file-major, index = file * 8 + rank (a1 = 0, a8 = 7, b1 = 8, j8 = 79),
 *            so walking the indices visits the squares in name order;
 *   pieces   one code 1..40 = 1 + colour * 20 + kind * 4 + facing, 0 an empty square;
 *            kinds Laser 0, King 1, Switch 2, Deflector 3, Defender 4; facings n e s w
 *            (Laser, Defender), ne se sw nw (Deflector), ne nw (Switch: its mirror line);
 *   colours  Blue 0 (moves first), Red 1.
 * Moves are integers inside C (lc_move) and strings in notation at the Python boundary.
 * This header is a stable interface (the search builds on it): add, never rename. Only the
 * declarations between the CDEF markers are given to cffi (core/cbuild.py), so they hold no
 * macro with arguments or expressions.
 */
#ifndef ABSTRACTA_LASER_CHESS_ENGINE_H
#define ABSTRACTA_LASER_CHESS_ENGINE_H

#include <stdint.h>

/* CDEF-BEGIN */
#define LC_FILES 10
#define LC_RANKS 8
#define LC_SQUARES 80
#define LC_CODES 41
#define LC_BLUE 0
#define LC_RED 1
#define LC_LASER 0
#define LC_KING 1
#define LC_SWITCH 2
#define LC_DEFLECTOR 3
#define LC_DEFENDER 4
#define LC_PLUS 1  /* clockwise rotation ("x+") */
#define LC_MINUS 2 /* counter-clockwise rotation ("x-") */
/* More than any position can have: 13 movable pieces x 10 actions, the Laser's turn, the draw claim. */
#define LC_MAX_MOVES 192
/* CDEF-END */

/* Piece code helpers (codes 1..40; meaningless on 0). */
#define LC_CODE(colour, kind, facing) (1 + (colour) * 20 + (kind) * 4 + (facing))
#define LC_COLOUR_OF(code) (((code) - 1) / 20)
#define LC_KIND_OF(code) ((((code) - 1) % 20) / 4)
#define LC_FACING_OF(code) (((code) - 1) % 4)

/* A move: from | to << 7 | rotation << 14 (rotation 0 for a step or a swap, which exchange the
 * two squares' contents; LC_PLUS or LC_MINUS with to == from). LC_DRAW is the draw claim. */
/* CDEF-BEGIN */
typedef uint16_t lc_move;
/* CDEF-END */
#define LC_MOVE(from, to, rotation) ((lc_move)((from) | ((to) << 7) | ((rotation) << 14)))
#define LC_MOVE_FROM(m) ((m) & 127)
#define LC_MOVE_TO(m) (((m) >> 7) & 127)
#define LC_MOVE_ROTATION(m) ((m) >> 14)
#define LC_DRAW ((lc_move)0xFFFF)
#define LC_NO_MOVE ((lc_move)0xFFFE)

/* Why a game ended (lc_position.end). */
#define LC_END_NONE 0
#define LC_END_KING 1       /* a King was removed: "normal" */
#define LC_END_REPETITION 2 /* a draw claimed on a threefold repetition: "repetition" */
#define LC_END_TURN_LIMIT 3 /* max_plies reached: "turn limit" (truncation in RL) */

/* The beam's stops (board.py STOP_*), and LC_STOP_EDGE when it leaves the board. */
#define LC_STOP_EDGE 0
#define LC_STOP_LASER (-1)
#define LC_STOP_BLOCKED (-2)
#define LC_STOP_REMOVED (-3)

/* CDEF-BEGIN */
/* One position. Plain data: copying it is a valid copy-make (about 100 bytes). */
typedef struct {
    uint8_t board[LC_SQUARES]; /* piece codes, 0 empty */
    uint8_t turn;              /* side to move; flips also on the ply that ends the game (§9) */
    uint8_t over;              /* 1 once the game ended */
    int8_t winner;             /* LC_BLUE, LC_RED or -1 */
    uint8_t end;               /* LC_END_* */
    int32_t plies;             /* plies played (notation's third field when max_plies is set) */
    int32_t ply_limit;         /* max_plies, or -1 for none */
    int32_t quiet;             /* plies since the last removal: no earlier position can recur */
    uint64_t key;              /* Zobrist key of (board, turn); the core's own keys, not Python's */
    int8_t shot_mover;         /* the last ply's shot: its mover, or -1 when none (start, draw claim) */
    int8_t shot_square;        /* square the shot removed a piece from, or -1 */
    uint8_t shot_code;         /* the removed piece's code, or 0 */
    uint8_t pad_;
} lc_position;

/* What lc_make changed, for lc_unmake. */
typedef struct {
    lc_position before; /* the whole position before the move (cheap: plain data) */
} lc_undo;

/* The game's repetition history: the keys of every position from the start (or from the last
 * removal; older ones cannot recur) up to and including the current one. The caller owns the
 * array; lc_history_push appends a position's key after a make. */
typedef struct {
    uint64_t *keys;
    int32_t length;
    int32_t capacity;
} lc_history;

/* -- setup ------------------------------------------------------------------------------------- */
/* Fill the tables; idempotent and called by every entry point that needs them. */
void lc_init(void);
/* A position from a board of 80 codes, side to move, plies and ply limit (-1 none); computes key,
 * winner, over and end (a missing King or the ply limit), as rules.new_state does. */
void lc_set(lc_position *p, const uint8_t *board, int turn, int plies, int ply_limit);

/* -- moves --------------------------------------------------------------------------------------- */
/* The piece moves of the side to move (no draw claim), in the reference's order (moves() sorted as
 * Python sorts str). Returns their number; 0 when the game is over. */
int lc_generate(const lc_position *p, lc_move *out);
/* How often the current position occurs in ``history`` (its last entry is the current key). */
int lc_repetitions(const lc_position *p, const lc_history *history);
/* All legal moves as moves() lists them: lc_generate plus LC_DRAW in its sorted place when the
 * position occurred three times (history may be NULL: no claim). */
int lc_legal(const lc_position *p, const lc_history *history, lc_move *out);
/* Play a legal move (LC_DRAW included) with its shot and the ending; ``undo`` may be NULL. */
void lc_make(lc_position *p, lc_move m, lc_undo *undo);
void lc_unmake(lc_position *p, const lc_undo *undo);
/* Append the current key (grows the array with realloc; returns 0, or -1 when out of memory). */
int lc_history_push(lc_history *history, uint64_t key);
void lc_history_free(lc_history *history);
/* Make ``to`` (an empty or freed history) a copy of ``from``; 0, or -1 when out of memory. */
int lc_history_copy(lc_history *to, const lc_history *from);
/* The Zobrist key lc_set gives (board, side to move). */
uint64_t lc_key(const uint8_t *board, int turn);

/* -- the laser (§7) ------------------------------------------------------------------------------ */
/* Trace ``colour``'s shot over ``board`` without changing it: the squares visited (path, up to
 * LC_SQUARES entries, may be NULL), their number in *path_length, the struck square (or -1).
 * Returns the stop: LC_STOP_EDGE, _LASER, _BLOCKED or _REMOVED. */
int lc_fire(const uint8_t *board, int colour, uint8_t *path, int *path_length, int *struck);

/* -- the ending ---------------------------------------------------------------------------------- */
/* returns() of the position: out[0] Blue's, out[1] Red's (1 win, -1 loss, 0 draw or not over). */
void lc_returns(const lc_position *p, float *out);

/* -- notation ------------------------------------------------------------------------------------ */
/* The move's notation ("e1-e2", "h2+", "j1-", "draw") into out (at least 8 bytes); its length. */
int lc_move_name(lc_move m, char *out);
/* The move written ``text`` (any string of the grammar, legal or not), or LC_NO_MOVE. */
lc_move lc_move_parse(const char *text);
/* The position's notation (board, side, and plies when with_plies) into out (at least 128 bytes). */
int lc_format(const lc_position *p, int with_plies, char *out);
/* Read the board and side fields (and plies when present) of a position; 0 when it reads, else -1.
 * Only the syntax is checked: the Python side checks P2-P5 and words the errors. */
int lc_parse(const char *text, int ply_limit, lc_position *out);

/* -- perft -------------------------------------------------------------------------------------- */
/* Leaves ``depth`` plies below ``p`` as core/perft.py counts them (a finished line is one leaf);
 * ``history`` as for lc_legal (it and ``p`` are restored before returning). */
uint64_t lc_perft(lc_position *p, lc_history *history, int depth);
/* CDEF-END */

/* -- puzzles ------------------------------------------------------------------------------------ */
/* Whether ``solver`` wins by force from ``p`` within ``turns_left`` more of its own moves, whatever
 * the rival does (abstracta.bots.puzzles.Prover's AND-OR search): 1 yes, 0 no, -1 out of memory.
 * ``p`` and ``history`` are restored before returning. */
/* CDEF-BEGIN */
int lc_forced_win(lc_position *p, lc_history *history, int solver, int turns_left);
/* CDEF-END */

/* -- batched stepping (abstracta.rl's action numbering, masks and observations) ------------------- */
/* CDEF-BEGIN */
#define LC_ACTIONS 801         /* per square 8 steps/swaps (n ne e se s sw w nw), "+", "-"; then draw */
#define LC_ACTION_DRAW 800
#define LC_PLANES 22
#define LC_OBSERVATION 1760 /* LC_PLANES * LC_RANKS * LC_FILES, checked in batch.c */

typedef struct lc_batch lc_batch;
/* ``num_envs`` games, each starting from ``start``; ``oriented``: every row in its observer's frame. */
lc_batch *lc_batch_new(int num_envs, const lc_position *start, int oriented);
void lc_batch_free(lc_batch *batch);
/* Start new games in the rows with rows[i] != 0 (all rows when rows is NULL), writing their
 * observation, mask and player. */
void lc_batch_reset(lc_batch *batch, const uint8_t *rows, float *observations, uint8_t *masks,
                    int64_t *players);
/* Play actions[i] in every row with rows[i] != 0 (all when NULL). Writes each stepped row's
 * observation, mask (all zero once over) and player (the observer of a finished row), every
 * player's reward of the step into rewards[i * 2 + p], and terminated / truncated / illegal. */
void lc_batch_step(lc_batch *batch, const int64_t *actions, const uint8_t *rows, float *observations,
                   uint8_t *masks, int64_t *players, float *rewards, uint8_t *terminated,
                   uint8_t *truncated, uint8_t *illegal);
/* A uniformly random legal action per row (0 on a finished row) from the batch's generator. */
void lc_batch_sample(lc_batch *batch, int64_t *actions);
void lc_batch_seed(lc_batch *batch, uint64_t seed);
/* Row i's current position (for tests and for handing a row to the Python engine). */
const lc_position *lc_batch_position(const lc_batch *batch, int row);

/* One observation (LC_OBSERVATION floats, planes x ranks 8..1 x files a..j) of ``p`` for
 * ``observer``, turned half a turn when ``turned`` (Red's frame). */
void lc_observe(const lc_position *p, int observer, int turned, float *out);
/* The framed action number of move m for ``player`` (oriented: Red's numbers are turned). */
int lc_action_of(lc_move m, int player, int oriented);
/* The move an action names for ``player`` (LC_NO_MOVE for an off-board placeholder). */
lc_move lc_move_of_action(int action, int player, int oriented);
/* CDEF-END */

#endif
