/* Batched stepping of Laser Chess (engine.h, "batched stepping"): N games in one loop over rows,
 * with abstracta.rl's action numbers, masks and observations (games/laser_chess/rl.py), self-play:
 * each row's observation and mask are its mover's. Auto-reset is the Python face's business
 * (abstracta.rl.CompiledVectorEnv): it resets the rows it chooses with lc_batch_reset.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

_Static_assert(LC_OBSERVATION == LC_PLANES * LC_RANKS * LC_FILES, "engine.h: LC_OBSERVATION is the planes x squares");

typedef struct {
    lc_position position;
    lc_history history;
    int16_t count;                  /* legal moves; 0 once over */
    lc_move moves[LC_MAX_MOVES];
    int16_t actions[LC_MAX_MOVES];  /* their framed action numbers, index for index */
} lc_row;

struct lc_batch {
    int num_envs;
    int oriented;
    lc_position start;
    uint64_t rng;
    lc_row *rows;
};

lc_batch *lc_batch_new(int num_envs, const lc_position *start, int oriented) {
    lc_init();
    lc_batch *batch = calloc(1, sizeof *batch);
    if (!batch) return NULL;
    batch->rows = calloc((size_t)num_envs, sizeof *batch->rows);
    if (!batch->rows) {
        free(batch);
        return NULL;
    }
    batch->num_envs = num_envs;
    batch->oriented = oriented;
    batch->start = *start;
    batch->rng = 0x2545F4914F6CDD1Dull;
    return batch;
}

void lc_batch_free(lc_batch *batch) {
    if (!batch) return;
    for (int i = 0; i < batch->num_envs; i++) lc_history_free(&batch->rows[i].history);
    free(batch->rows);
    free(batch);
}

void lc_batch_seed(lc_batch *batch, uint64_t seed) { batch->rng = seed ^ 0x2545F4914F6CDD1Dull; }

const lc_position *lc_batch_position(const lc_batch *batch, int row) { return &batch->rows[row].position; }

/* The row's legal moves and their actions, its mask, observation and player: a position to move in. */
static void load(lc_batch *batch, lc_row *row, float *observation, uint8_t *mask, int64_t *player) {
    const lc_position *p = &row->position;
    int mover = p->turn;
    int n = lc_legal(p, &row->history, row->moves);
    row->count = (int16_t)n;
    memset(mask, 0, LC_ACTIONS);
    for (int k = 0; k < n; k++) {
        int action = lc_action_of(row->moves[k], mover, batch->oriented);
        row->actions[k] = (int16_t)action;
        mask[action] = 1;
    }
    lc_observe(p, mover, batch->oriented && mover == LC_RED, observation);
    *player = mover;
}

/* The row's game is over: its position as ``observer`` sees it, no legal action. */
static void finish(lc_batch *batch, lc_row *row, int observer, float *observation, uint8_t *mask,
                   int64_t *player) {
    row->count = 0;
    memset(mask, 0, LC_ACTIONS);
    lc_observe(&row->position, observer, batch->oriented && observer == LC_RED, observation);
    *player = observer;
}

void lc_batch_reset(lc_batch *batch, const uint8_t *rows, float *observations, uint8_t *masks,
                    int64_t *players) {
    for (int i = 0; i < batch->num_envs; i++) {
        if (rows && !rows[i]) continue;
        lc_row *row = &batch->rows[i];
        row->position = batch->start;
        row->history.length = 0;
        lc_history_push(&row->history, row->position.key);
        load(batch, row, observations + (size_t)i * LC_OBSERVATION, masks + (size_t)i * LC_ACTIONS, players + i);
    }
}

void lc_batch_step(lc_batch *batch, const int64_t *actions, const uint8_t *rows, float *observations,
                   uint8_t *masks, int64_t *players, float *rewards, uint8_t *terminated,
                   uint8_t *truncated, uint8_t *illegal) {
    for (int i = 0; i < batch->num_envs; i++) {
        if (rows && !rows[i]) continue;
        lc_row *row = &batch->rows[i];
        lc_position *p = &row->position;
        float *observation = observations + (size_t)i * LC_OBSERVATION;
        uint8_t *mask = masks + (size_t)i * LC_ACTIONS;
        int mover = p->turn;
        int64_t action = actions[i];
        int index = -1;
        for (int k = 0; k < row->count; k++)
            if (row->actions[k] == action) {
                index = k;
                break;
            }
        rewards[2 * i] = rewards[2 * i + 1] = 0.0f;
        terminated[i] = truncated[i] = illegal[i] = 0;
        if (index < 0) { /* an illegal action ends the row's game with -1 for its mover */
            illegal[i] = terminated[i] = 1;
            rewards[2 * i + mover] = -1.0f;
            finish(batch, row, mover, observation, mask, players + i);
            continue;
        }
        lc_make(p, row->moves[index], NULL);
        if (p->quiet == 0) row->history.length = 0; /* after a removal no earlier position can recur */
        lc_history_push(&row->history, p->key);
        if (!p->over) {
            load(batch, row, observation, mask, players + i);
            continue;
        }
        lc_returns(p, rewards + 2 * i);
        if (p->end == LC_END_TURN_LIMIT) truncated[i] = 1;
        else terminated[i] = 1;
        finish(batch, row, mover, observation, mask, players + i);
    }
}

void lc_batch_sample(lc_batch *batch, int64_t *actions) {
    uint64_t x = batch->rng;
    for (int i = 0; i < batch->num_envs; i++) {
        const lc_row *row = &batch->rows[i];
        if (!row->count) {
            actions[i] = 0;
            continue;
        }
        x ^= x >> 12, x ^= x << 25, x ^= x >> 27; /* xorshift64* */
        uint64_t draw = (x * 0x2545F4914F6CDD1Dull) >> 32;
        actions[i] = row->actions[(draw * (uint64_t)row->count) >> 32];
    }
    batch->rng = x;
}
