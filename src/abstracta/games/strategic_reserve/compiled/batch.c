/* Batched stepping of Strategic Reserve (engine.h, "batched stepping"): many self-play games stepped
 * over flat buffers, with abstracta.rl's action numbers, masks and observations (../rl.py) and each
 * row's dice drawn from its own seeded generator. No allocation after sr_batch_new. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

struct sr_batch {
    sr_rules rules;
    int num_envs;
    int oriented;
    sr_position *positions;
    uint64_t *rngs;     /* each row's dice */
    uint64_t *samplers; /* each row's sr_batch_sample stream */
    uint64_t *actions; /* each row's legal actions as bits (its observer's numbering), 0 once ended */
    int8_t *players;   /* who acts in each row (the mover, once ended) */
    uint8_t *ended;    /* the row's game is over, or ended by an illegal action */
};

/* Where square lies in a plane: row 0 = rank 6, column 0 = file a; turned half a turn (35 - cell)
   for Blue's oriented frame (rl.py frame()). */
static inline int cell_of(int square, int turned) {
    int file = square / 6, rank = square % 6;
    return turned ? rank * 6 + 5 - file : (5 - rank) * 6 + file;
}

static int turned_for(const sr_batch *batch, int player) { return batch->oriented && player == SR_BLUE; }

/* A square's action number for a row whose observer is turned: the half turn maps square s to 35 - s. */
static uint64_t framed_bits(uint64_t squares, int turned) {
    if (!turned) return squares;
    uint64_t out = 0;
    for (; squares; squares &= squares - 1) out |= UINT64_C(1) << (35 - __builtin_ctzll(squares));
    return out;
}

static void fill(float *plane, float value) {
    for (int k = 0; k < SR_SQUARES; k++) plane[k] = value;
}

/* rl.py StrategicReserveRL.observe (and its half-turn frame for Blue) */
void sr_observe(const sr_rules *rules, const sr_position *position, int observer, int turned, float *out) {
    uint64_t mine = observer == SR_RED ? position->red : position->blue;
    uint64_t theirs = observer == SR_RED ? position->blue : position->red;
    memset(out, 0, 2 * SR_SQUARES * sizeof(float));
    for (; mine; mine &= mine - 1) out[cell_of(__builtin_ctzll(mine), turned)] = 1.0f;
    for (; theirs; theirs &= theirs - 1) out[SR_SQUARES + cell_of(__builtin_ctzll(theirs), turned)] = 1.0f;
    double total = 6 + rules->reserve; /* rl.py divides the reserves by 6 + the reserve option */
    int own = observer == SR_RED ? position->red_reserve : position->blue_reserve;
    int rival = observer == SR_RED ? position->blue_reserve : position->red_reserve;
    fill(out + 2 * SR_SQUARES, (float)(own / total));
    fill(out + 3 * SR_SQUARES, (float)(rival / total));
    fill(out + 4 * SR_SQUARES, position->side == observer ? 1.0f : 0.0f);
    int pending = position->pending;
    fill(out + 5 * SR_SQUARES, pending < 0 ? 0.0f : (float)((pending / 6 + 1) / 6.0));
    fill(out + 6 * SR_SQUARES, pending < 0 ? 0.0f : (float)((pending % 6 + 1) / 6.0));
}

void sr_mask(const sr_position *position, int turned, uint8_t *out) {
    memset(out, 0, SR_ACTIONS);
    for (uint64_t legal = framed_bits(position->legal, turned); legal; legal &= legal - 1) out[__builtin_ctzll(legal)] = 1;
}

sr_batch *sr_batch_new(const sr_rules *rules, int num_envs, int oriented) {
    if (num_envs < 1) return NULL;
    sr_batch *batch = calloc(1, sizeof(sr_batch));
    if (!batch) return NULL;
    batch->rules = *rules;
    batch->num_envs = num_envs;
    batch->oriented = oriented;
    batch->positions = calloc((size_t)num_envs, sizeof(sr_position));
    batch->rngs = calloc((size_t)num_envs, sizeof(uint64_t));
    batch->samplers = calloc((size_t)num_envs, sizeof(uint64_t));
    batch->actions = calloc((size_t)num_envs, sizeof(uint64_t));
    batch->players = calloc((size_t)num_envs, sizeof(int8_t));
    batch->ended = calloc((size_t)num_envs, sizeof(uint8_t));
    if (!batch->positions || !batch->rngs || !batch->samplers || !batch->actions || !batch->players || !batch->ended) {
        sr_batch_free(batch);
        return NULL;
    }
    sr_batch_seed(batch, 0);
    for (int i = 0; i < num_envs; i++) {
        sr_start(rules, &batch->positions[i]);
        batch->ended[i] = 1; /* no game until the first reset */
    }
    return batch;
}

void sr_batch_free(sr_batch *batch) {
    if (!batch) return;
    free(batch->positions);
    free(batch->rngs);
    free(batch->samplers);
    free(batch->actions);
    free(batch->players);
    free(batch->ended);
    free(batch);
}

void sr_batch_seed_rows(sr_batch *batch, const uint64_t *seeds) {
    for (int i = 0; i < batch->num_envs; i++) {
        batch->rngs[i] = sr_rng_seed(seeds[i], 0);
        batch->samplers[i] = sr_rng_seed(batch->rngs[i], 1);
    }
}

void sr_batch_seed(sr_batch *batch, uint64_t seed) {
    for (int i = 0; i < batch->num_envs; i++) {
        batch->rngs[i] = sr_rng_seed(seed, (uint64_t)i);
        batch->samplers[i] = sr_rng_seed(batch->rngs[i], 1);
    }
}

/* The row's roll, drawn from its generator (abstracta.rl.common.resolve_chance). */
static void roll_dice(sr_batch *batch, int i) {
    sr_position *position = &batch->positions[i];
    sr_roll(&batch->rules, position, sr_roll_of_draw(&batch->rules, sr_rng_uniform(&batch->rngs[i])));
}

/* The row is in play: its mover's observation and mask (VectorEnv._load). */
static void load(sr_batch *batch, int i, float *observations, uint8_t *masks, int64_t *players) {
    const sr_position *position = &batch->positions[i];
    int player = position->side, turned = turned_for(batch, player);
    batch->players[i] = (int8_t)player;
    batch->actions[i] = framed_bits(position->legal, turned);
    batch->ended[i] = 0;
    players[i] = player;
    sr_observe(&batch->rules, position, player, turned, observations + (size_t)i * SR_OBSERVATION);
    sr_mask(position, turned, masks + (size_t)i * SR_ACTIONS);
}

/* The row's game ended: the mover's observation, no legal action (VectorEnv._end). */
static void end(sr_batch *batch, int i, int mover, float *observations, uint8_t *masks, int64_t *players) {
    batch->actions[i] = 0;
    batch->ended[i] = 1;
    players[i] = mover;
    sr_observe(&batch->rules, &batch->positions[i], mover, turned_for(batch, mover),
               observations + (size_t)i * SR_OBSERVATION);
    memset(masks + (size_t)i * SR_ACTIONS, 0, SR_ACTIONS);
}

void sr_batch_reset(sr_batch *batch, const uint8_t *rows, float *observations, uint8_t *masks, int64_t *players) {
    for (int i = 0; i < batch->num_envs; i++) {
        if (rows && !rows[i]) continue;
        sr_start(&batch->rules, &batch->positions[i]);
        roll_dice(batch, i); /* a start is never over: reserve >= 1 and max_turns >= 1 */
        load(batch, i, observations, masks, players);
    }
}

void sr_batch_step(sr_batch *batch, const int64_t *actions, const uint8_t *rows, float *observations,
                   uint8_t *masks, int64_t *players, float *rewards, uint8_t *terminated,
                   uint8_t *truncated, uint8_t *illegal) {
    for (int i = 0; i < batch->num_envs; i++) {
        if (rows && !rows[i]) continue;
        float *reward = rewards + 2 * (size_t)i;
        reward[0] = reward[1] = 0.0f;
        terminated[i] = truncated[i] = illegal[i] = 0;
        int mover = batch->players[i];
        if (batch->ended[i]) { /* stepping a finished row changes nothing (the caller resets it first) */
            end(batch, i, mover, observations, masks, players);
            continue;
        }
        int64_t action = actions[i];
        sr_position *position = &batch->positions[i];
        if (action < 0 || action >= SR_ACTIONS || !(batch->actions[i] & (UINT64_C(1) << action))) {
            illegal[i] = terminated[i] = 1;
            reward[mover] = -1.0f;
            end(batch, i, mover, observations, masks, players);
            continue;
        }
        int square = turned_for(batch, mover) ? 35 - (int)action : (int)action;
        sr_place(&batch->rules, position, square);
        if (!position->over) {
            roll_dice(batch, i); /* a roll never ends the game */
            load(batch, i, observations, masks, players);
            continue;
        }
        int result = sr_result(position);
        if (result == SR_RED_WON || result == SR_BLUE_WON) {
            reward[result] = 1.0f;
            reward[1 - result] = -1.0f;
        }
        if (sr_turn_limit(position))
            truncated[i] = 1;
        else
            terminated[i] = 1;
        end(batch, i, mover, observations, masks, players);
    }
}

void sr_batch_sample(sr_batch *batch, int64_t *actions) {
    for (int i = 0; i < batch->num_envs; i++) {
        uint64_t legal = batch->actions[i];
        int count = __builtin_popcountll(legal);
        if (!count) {
            actions[i] = 0;
            continue;
        }
        int k = (int)(sr_rng_uniform(&batch->samplers[i]) * count);
        for (; k > 0; k--) legal &= legal - 1;
        actions[i] = __builtin_ctzll(legal);
    }
}

sr_position *sr_batch_position(sr_batch *batch, int row) { return &batch->positions[row]; }
uint64_t *sr_batch_rng(sr_batch *batch, int row) { return &batch->rngs[row]; }
int sr_batch_size(const sr_batch *batch) { return batch->num_envs; }
