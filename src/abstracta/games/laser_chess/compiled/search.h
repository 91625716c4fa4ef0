/* Laser Chess search on the compiled core: the evaluation of evaluation.py and the alpha-beta of
 * bots/alphabeta.py in C (docs/compiled.md, "Search").
 *
 * Same semantics as the Python search with LaserChessKnowledge, node for node: the same move
 * order (hash move, noisy moves, killers, history), the same quiescence, the same node count,
 * budget, repetition rule (a position that occurred earlier in the game or in the searched line
 * scores 0) and fallback; the transposition table is exact like Python's dict up to
 * LCS_TABLE_MAX_SLOTS / 2 positions, then replaces. Tests: tests/games/laser_chess/test_compiled_search.py.
 *
 * The tables (beam reactions, rays, rotations, swaps, squares open to each colour, piece values)
 * and the evaluation's weights come from the Python reference at load time (lcs_set_tables,
 * lcs_set_weights), so there is one source of them. cffi reads the declarations between the
 * CDEF markers (core/cbuild.py).
 */
#ifndef ABSTRACTA_LASER_CHESS_SEARCH_H
#define ABSTRACTA_LASER_CHESS_SEARCH_H

#include <stdint.h>

#include "engine.h"

#define LCS_TABLE_MAX_SLOTS (1 << 21) /* 2M slots of 24 bytes: 48 MiB at most per searcher */
#define LCS_MAX_PLY 128

/* Why a search stopped (SearchReport.stopped). */
#define LCS_STOP_DEPTH 0
#define LCS_STOP_NODES 1
#define LCS_STOP_TIME 2
#define LCS_STOP_DECIDED 3

/* Evaluation weights, in the order of evaluation.py. */
enum {
    LCS_W_SCALE,
    LCS_W_KING_THREAT,
    LCS_W_EXTRA_KING_THREAT,
    LCS_W_RIVAL_CAPTURE,
    LCS_W_OWN_CAPTURE,
    LCS_W_MOBILITY,
    LCS_W_KING_LINES,
    LCS_W_KING_VALUE,
    LCS_WEIGHTS
};

/* CDEF-BEGIN */
typedef struct {
    lc_move move;    /* best move (LC_NO_MOVE when no root move was given) */
    double score;    /* for the side to move at the root */
    int32_t depth;   /* last iteration completed */
    int64_t nodes;   /* positions visited, quiescence included */
    double seconds;  /* time spent inside lcs_search */
    int32_t stopped; /* LCS_STOP_* */
} lcs_report;

typedef struct lcs_searcher lcs_searcher;

/* Tables, as board.py / rules.py hold them: reaction[code * 4 + d] (a direction 0..3 or a
 * STOP_*), next[square * 4 + d] (the neighbour in direction d, -1 off the board),
 * rotated[code * 3 + sign], swap_into[square * 41 + code], open[colour * 80 + square],
 * neighbours[square * 8 + i] with neighbour_count[square] (name order), piece_value[code],
 * laser_square[colour]. */
void lcs_set_tables(const int8_t *reaction, const int8_t *next, const uint8_t *rotated,
                    const uint8_t *swap_into, const uint8_t *open, const uint8_t *neighbours,
                    const uint8_t *neighbour_count, const double *piece_value,
                    const uint8_t *laser_square);
void lcs_set_weights(const double *weights);

/* The evaluation (LaserChessKnowledge.value_for_mover): the position's worth in (-1, 1) for
 * the side to move. */
double lcs_evaluate(const lc_position *p);
/* LaserChessKnowledge.order over lc_legal's moves (its draw claim included) and noisy_moves;
 * both return the number of moves written to out. */
int lcs_order(const lc_position *p, const lc_history *history, lc_move *out);
int lcs_noisy(const lc_position *p, lc_move *out);

lcs_searcher *lcs_new(void);
void lcs_free(lcs_searcher *s);
/* One search of ``root`` (history: the game's keys, the root's last) over ``root_moves`` in that
 * order, as AlphaBetaBot.search does after its shuffle and the game's ordering. ``max_nodes`` < 0:
 * no budget; ``seconds`` <= 0: no time cap (else the search stops at TIME_MARGIN of it, less
 * ``spent``, the seconds the caller already used). Returns 0, or -1 when out of memory. */
int lcs_search(lcs_searcher *s, const lc_position *root, const lc_history *history,
               const lc_move *root_moves, int root_count, int max_depth, int min_depth,
               int64_t max_nodes, double seconds, double spent, int quiescence, lcs_report *out);
/* After lcs_search: ``first`` then the table's best moves from the position after it, as
 * AlphaBetaBot.principal_variation reads them; at most ``plies`` moves; their number. */
int lcs_principal_variation(lcs_searcher *s, const lc_position *root, const lc_history *history,
                            lc_move first, int plies, lc_move *out);
/* CDEF-END */

#endif
