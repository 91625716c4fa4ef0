/* The compiled core of Strategic Reserve (docs/compiled.md): the same rules as ../rules.py, in C11.
 *
 * A position is a small plain struct (sr_position, 48 bytes): copy it to branch ("copy-make";
 * there is no unmake). Squares, rolls and bitboards are numbered exactly as in ../board.py:
 *   square = file * 6 + rank (0-based), so a1 = 0, a6 = 5, b1 = 6, f6 = 35;
 *   roll "p,g" = 6 * (p - 1) + (g - 1); Red's roll i strikes square i, Blue's strikes 35 - i.
 * A turn is two plays, as in the reference: the roll (a chance node: pending == SR_NO_ROLL and
 * not over), whose effects are applied at once, then the roller's placement.
 *
 * Only the declarations between the CDEF markers are given to cffi (build.py reads every .h of
 * this folder that has them, and compiles every .c): a core built on this one (the search) adds
 * its own header with its own markers. Keep these names stable: add, never rename.
 */
#ifndef ABSTRACTA_SR_ENGINE_H
#define ABSTRACTA_SR_ENGINE_H

#include <stdint.h>

/* CDEF-BEGIN */
#define SR_SQUARES 36
#define SR_NO_ROLL -1
#define SR_RED 0
#define SR_BLUE 1

/* What the last play was (sr_position.effect) and what a roll struck (sr_position.hit). */
#define SR_EFFECT_NONE 0
#define SR_EFFECT_ROLL 1
#define SR_EFFECT_PLACE 2
#define SR_HIT_EMPTY 0
#define SR_HIT_ENEMY 1
#define SR_HIT_FRIENDLY 2

/* sr_result */
#define SR_ONGOING -1
#define SR_RED_WON 0
#define SR_BLUE_WON 1
#define SR_DRAW 2

/* The options of one game (rules.py StrategicReserve.__init__), filled by sr_rules_init. */
typedef struct sr_rules {
    uint64_t playable;          /* the central block played on (all 36 squares on 6x6) */
    uint64_t roll_allowed;      /* bit i set: roll index i can happen on this block */
    uint64_t start_red;         /* the §4 setup on the block */
    uint64_t start_blue;
    int32_t reserve;            /* each reserve at the start */
    int32_t max_turns;          /* placements before a draw; -1: no limit */
    int32_t checkers_per_colour;
    int32_t n_rolls;            /* rolls that can happen, listed in rolls[] in index order */
    int8_t rolls[36];
    /* cumulative chance probabilities, summed in double in the order abstracta.rl.common.resolve_chance
       sums them, so that one uniform draw picks the very roll it picks there */
    double roll_threshold[36];
} sr_rules;

typedef struct sr_position {
    uint64_t red;               /* Red's checkers, one bit per square */
    uint64_t blue;
    uint64_t legal;             /* legal placements while a roll is pending, else 0 */
    uint64_t removed;           /* the checkers the last play sent back (a roll), else 0 */
    int32_t count;              /* placements made so far (what max_turns counts) */
    int8_t red_reserve;
    int8_t blue_reserve;
    int8_t side;                /* SR_RED or SR_BLUE: who rolls or places now (kept once over) */
    int8_t pending;             /* SR_NO_ROLL: the next play is the roll; else the roll index made */
    int8_t over;                /* 1 once the game has ended (a reserve emptied, or max_turns) */
    int8_t effect;              /* SR_EFFECT_*: what the last play was (rules.py's _effect) */
    int8_t effect_side;         /* who made it */
    int8_t effect_roll;         /* a roll: its index */
    int8_t effect_square;       /* a roll: the square struck; a placement: the square placed on */
    int8_t hit;                 /* a roll: SR_HIT_* */
} sr_position;

/* Options -> rules; 0, or -1 for a board other than 6x6, 4x4, 4x2, 2x2 or a reserve too large for it
   (rules.py raises the same), -2 for a reserve or max_turns out of range. */
int sr_rules_init(sr_rules *rules, int reserve, int max_turns, int files, int ranks);

/* The §4 setup: Red to roll, nothing played. */
void sr_start(const sr_rules *rules, sr_position *position);

/* Recompute legal and over from the other fields (a position written by hand, or read from notation). */
void sr_refresh(const sr_rules *rules, sr_position *position);

/* 1 when the next play is a roll (a chance node). */
int sr_is_chance(const sr_position *position);

/* The legal plays in the reference's order (rules.py moves()): at a chance node the roll indices of
   rules->rolls, else the legal squares in ascending order; none once over. Returns how many (<= 36). */
int sr_moves(const sr_rules *rules, const sr_position *position, int8_t *moves);

/* Apply a play in place; 0, or -1 (position unchanged) when it is not legal. */
int sr_roll(const sr_rules *rules, sr_position *position, int roll);
int sr_place(const sr_rules *rules, sr_position *position, int square);
int sr_play(const sr_rules *rules, sr_position *position, int move);

/* SR_ONGOING, SR_RED_WON, SR_BLUE_WON or SR_DRAW. */
int sr_result(const sr_position *position);
/* 1 when the game ended by max_turns with both reserves left (termination() == "turn limit"). */
int sr_turn_limit(const sr_position *position);

/* Move-path count (abstracta.core.perft): 1 at depth 0 or once over; each roll is one branch. */
uint64_t sr_perft(const sr_rules *rules, const sr_position *position, int depth);

/* The bitboard helpers of board.py. */
uint64_t sr_spread(uint64_t bits);
uint64_t sr_groups_containing(uint64_t seeds, uint64_t colour);
uint64_t sr_border(uint64_t group);
uint64_t sr_roll_target(int side, int roll);

/* -- dice from an explicit seed (docs/compiled.md) -----------------------------------------------
   SplitMix64 (Steele, Lea, Flood 2014): a generator's state is one uint64; each draw adds the
   golden-ratio increment and mixes the sum, so draw k of a stream is mix(state0 + k * increment),
   a counter-based generator. Row i of a batch seeded with s starts at sr_rng_seed(s, i). */
uint64_t sr_rng_seed(uint64_t seed, uint64_t row);
uint64_t sr_rng_next(uint64_t *state);
/* A double in [0, 1): the top 53 bits of the next draw. */
double sr_rng_uniform(uint64_t *state);
/* The roll a uniform draw picks, as abstracta.rl.common.resolve_chance picks it. */
int sr_roll_of_draw(const sr_rules *rules, double draw);

/* -- batched stepping (batch.c): abstracta.rl's numbering, masks and observations, self-play -------
   Actions are the 36 placements (square numbers; in Blue's oriented frame square 35 - a). A row's
   chance nodes are resolved in C at once from the row's own generator: one sr_rng_uniform draw per
   roll, read by sr_roll_of_draw (as abstracta.rl.common.resolve_chance reads a numpy draw). */
#define SR_ACTIONS 36
#define SR_PLANES 7
#define SR_OBSERVATION 252      /* SR_PLANES x 6 ranks (6..1) x 6 files (a..f) */

typedef struct sr_batch sr_batch;
/* num_envs games under rules; oriented: every row in its observer's frame (abstracta.rl's default).
   NULL when out of memory. Row i's generators start seeded with i (sr_batch_seed reseeds). */
sr_batch *sr_batch_new(const sr_rules *rules, int num_envs, int oriented);
void sr_batch_free(sr_batch *batch);
/* Row i's generators from seeds[i] (abstracta's BatchCore.seed): its dice from sr_rng_seed(seeds[i], 0),
   its sampler (sr_batch_sample) from sr_rng_seed(sr_rng_seed(seeds[i], 0), 1), a stream of its own. */
void sr_batch_seed_rows(sr_batch *batch, const uint64_t *seeds);
/* sr_batch_seed_rows with seeds[i] = seed + i (as VectorEnv seeds its rows). */
void sr_batch_seed(sr_batch *batch, uint64_t seed);
/* Start new games (the roll made) in the rows with rows[i] != 0 (all rows when rows is NULL),
   writing their observation, mask and player. */
void sr_batch_reset(sr_batch *batch, const uint8_t *rows, float *observations, uint8_t *masks, int64_t *players);
/* Play actions[i] in every row with rows[i] != 0 (all when NULL), then the next roll. Writes each
   stepped row's observation, mask (all zero once over) and player (the observer of a finished row:
   the mover), every player's reward of the step into rewards[i * 2 + p] (the returns when the game
   ends; -1 for the mover of an illegal action, which ends the game), and terminated / truncated
   (max_turns) / illegal. */
void sr_batch_step(sr_batch *batch, const int64_t *actions, const uint8_t *rows, float *observations,
                   uint8_t *masks, int64_t *players, float *rewards, uint8_t *terminated,
                   uint8_t *truncated, uint8_t *illegal);
/* A uniformly random legal action per row (0 on a finished row) from the row's sampler. */
void sr_batch_sample(sr_batch *batch, int64_t *actions);
/* Row i's position and dice generator state (for tests, and to hand a row to the Python engine). */
sr_position *sr_batch_position(sr_batch *batch, int row);
uint64_t *sr_batch_rng(sr_batch *batch, int row);
int sr_batch_size(const sr_batch *batch);

/* The observation of position for observer (abstracta.rl's planes, rules.py's rl.py), turned half a
   turn when turned (Blue's oriented frame); the mask of the placements, numbered likewise. */
void sr_observe(const sr_rules *rules, const sr_position *position, int observer, int turned, float *out);
void sr_mask(const sr_position *position, int turned, uint8_t *out);
/* CDEF-END */

/* Inline versions of the bitboard helpers for C callers (the search's inner loop). */
#define SR_FULL ((UINT64_C(1) << 36) - 1)
#define SR_RANK_1 UINT64_C(0x041041041)
#define SR_RANK_6 (SR_RANK_1 << 5)

static inline uint64_t sr_spread_inline(uint64_t bits) {
    return (bits | ((bits << 1) & ~SR_RANK_1) | ((bits >> 1) & ~SR_RANK_6) | (bits << 6) | (bits >> 6)) & SR_FULL;
}

static inline uint64_t sr_groups_containing_inline(uint64_t seeds, uint64_t colour) {
    uint64_t group = seeds & colour;
    for (;;) {
        uint64_t grown = sr_spread_inline(group) & colour;
        if (grown == group) return group;
        group = grown;
    }
}

static inline uint64_t sr_border_inline(uint64_t group) { return sr_spread_inline(group) & ~group; }

static inline uint64_t sr_roll_target_inline(int side, int roll) {
    return UINT64_C(1) << (side == SR_RED ? roll : 35 - roll);
}

#endif
