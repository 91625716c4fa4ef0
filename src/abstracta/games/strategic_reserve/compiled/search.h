/* Expectimax for Strategic Reserve on the compiled core (docs/compiled.md, "Strategic Reserve search").
 *
 * The same search as abstracta.bots.expectimax.ExpectimaxBot with the game's StrategicReserveKnowledge,
 * node for node: the same values, moves, node counts and depths at any node budget (only the time
 * cap, a wall clock, can cut the two at different nodes). searcher.py is its Python face; build.py
 * gives cffi the declarations between the CDEF markers (after engine.h's, whose types they use).
 */
#ifndef ABSTRACTA_SR_SEARCH_H
#define ABSTRACTA_SR_SEARCH_H

#include <stdint.h>

#include "engine.h"

/* CDEF-BEGIN */
#define SR_SEARCH_FEATURES 9
#define SR_SEARCH_MT_WORDS 624

/* One search: the root, the rules it is played under, and ExpectimaxBot's settings. */
typedef struct sr_search_request {
    const sr_rules *rules;
    sr_position root;           /* legal and over as sr_refresh leaves them */
    int32_t me;                 /* the player values are for: the root's mover (Red at a chance root) */
    int32_t max_depth;          /* decisions deep, iterating from 1 */
    int32_t exact_depth;        /* iterations deeper than this sample chance_samples rolls below the top */
    int32_t chance_samples;
    int32_t star2;              /* 1: Star2 probes before each chance node's Star1 pass */
    int64_t nodes;              /* the node budget, all iterations together; -1: none */
    double seconds;             /* the time cap; 0 or less: none */
    double weights[9];          /* evaluation.LEARNED_WEIGHTS (or the knowledge's own) */
    int32_t compensated_sum;    /* 1 where Python's sum() of floats is compensated (3.12 and later) */
    uint32_t mt[624];           /* the search's random.Random after the root moves were shuffled: */
    int32_t mt_index;           /* getstate()[1] (624 words, then the index) */
    int8_t root_moves[36];      /* the root's placements in the order the first iteration tries them */
    int32_t root_move_count;
} sr_search_request;

typedef struct sr_search_result {
    int32_t best_move;          /* a square; -1 at a chance root */
    double value;               /* for me, in [-1, 1]: of the last finished iteration, else the evaluation */
    int32_t depth;              /* the last finished iteration; 0 when none finished */
    int64_t nodes;              /* positions visited, all iterations together */
    int32_t out_of_memory;      /* 1 when the transposition table could not grow (the search stopped) */
} sr_search_result;

/* Iterative deepening from request->root; 0, or -1 when memory ran out (result holds what finished). */
int sr_expectimax(const sr_search_request *request, sr_search_result *result);

/* StrategicReserveKnowledge.evaluate(root)[me] (returns()[me] once over), for the tests. */
double sr_search_evaluate(const sr_search_request *request);
/* CDEF-END */

#endif
