/* The compiled core of Strategic Reserve: rules, moves, play, perft and seeded dice (engine.h).
 * Each function mirrors the function of ../rules.py or ../board.py named in its comment; the
 * differential tests (tests/games/strategic_reserve/test_compiled_engine.py) hold them equal. */
#include "engine.h"

#define BIT(square) (UINT64_C(1) << (square))

/* board.py: squares are file * 6 + rank; the §4 setup (rules.py START_RED / START_BLUE) */
static const int START_RED_SQUARES[6] = {7, 19, 26, 28, 16, 9};   /* b2 d2 e3 e5 c5 b4 */
static const int START_BLUE_SQUARES[6] = {13, 25, 27, 22, 10, 8}; /* c2 e2 e4 d5 b5 b3 */

uint64_t sr_spread(uint64_t bits) { return sr_spread_inline(bits); }
uint64_t sr_groups_containing(uint64_t seeds, uint64_t colour) { return sr_groups_containing_inline(seeds, colour); }
uint64_t sr_border(uint64_t group) { return sr_border_inline(group); }
uint64_t sr_roll_target(int side, int roll) { return sr_roll_target_inline(side, roll); }

static int popcount(uint64_t bits) { return __builtin_popcountll(bits); }

/* rules.py StrategicReserve.__init__ and block_of */
int sr_rules_init(sr_rules *rules, int reserve, int max_turns, int files, int ranks) {
    int board_ok = (files == 6 && ranks == 6) || (files == 4 && ranks == 4) || (files == 4 && ranks == 2) ||
                   (files == 2 && ranks == 2);
    if (!board_ok) return -1;
    if (reserve < 1 || reserve > 12 || (max_turns != -1 && max_turns < 1)) return -2;
    uint64_t playable = 0;
    int n = 0;
    /* 1-based die values on the block: range((6 - files) // 2 + 1, (6 + files) // 2 + 1) */
    for (int p = (6 - files) / 2 + 1; p <= (6 + files) / 2; p++) {
        for (int g = (6 - ranks) / 2 + 1; g <= (6 + ranks) / 2; g++) {
            int index = 6 * (p - 1) + (g - 1); /* the roll "p,g", and for Red the square it strikes */
            playable |= BIT(index);
            rules->rolls[n++] = (int8_t)index;
        }
    }
    uint64_t start_red = 0, start_blue = 0;
    for (int i = 0; i < 6; i++) {
        start_red |= BIT(START_RED_SQUARES[i]);
        start_blue |= BIT(START_BLUE_SQUARES[i]);
    }
    start_red &= playable;
    start_blue &= playable;
    int on_board = popcount(start_red);
    if (reserve > (popcount(playable) + 1) / 2 - on_board) return -1; /* §7.4 on the block */
    rules->playable = playable;
    rules->roll_allowed = playable; /* roll i is allowed exactly when Red's square i is on the block */
    rules->start_red = start_red;
    rules->start_blue = start_blue;
    rules->reserve = reserve;
    rules->max_turns = max_turns;
    rules->checkers_per_colour = on_board + reserve;
    rules->n_rolls = n;
    double probability = 1.0 / n, total = 0.0;
    for (int k = 0; k < 36; k++) {
        if (k < n) total += probability;
        rules->roll_threshold[k] = k < n ? total : 2.0;
        if (k >= n) rules->rolls[k] = -1;
    }
    return 0;
}

/* rules.py _new_state: the end of the game (§8) */
static void settle_over(const sr_rules *rules, sr_position *position) {
    position->over = position->red_reserve == 0 || position->blue_reserve == 0 || position->count == rules->max_turns;
}

void sr_start(const sr_rules *rules, sr_position *position) {
    position->red = rules->start_red;
    position->blue = rules->start_blue;
    position->legal = 0;
    position->removed = 0;
    position->count = 0;
    position->red_reserve = (int8_t)rules->reserve;
    position->blue_reserve = (int8_t)rules->reserve;
    position->side = SR_RED;
    position->pending = SR_NO_ROLL;
    position->effect = SR_EFFECT_NONE;
    position->effect_side = 0;
    position->effect_roll = SR_NO_ROLL;
    position->effect_square = -1;
    position->hit = SR_HIT_EMPTY;
    settle_over(rules, position);
}

/* rules.py _legal_squares: the placements after the pending roll (§7.3) */
static uint64_t legal_after_roll(const sr_rules *rules, uint64_t mine, uint64_t theirs, int side, int roll) {
    uint64_t target = sr_roll_target_inline(side, roll);
    if (target & mine) return sr_border_inline(sr_groups_containing_inline(target, mine)) & ~theirs & rules->playable;
    return rules->playable & ~(mine | theirs);
}

void sr_refresh(const sr_rules *rules, sr_position *position) {
    settle_over(rules, position);
    if (position->pending == SR_NO_ROLL || position->over) {
        position->legal = 0;
        return;
    }
    uint64_t mine = position->side == SR_RED ? position->red : position->blue;
    uint64_t theirs = position->side == SR_RED ? position->blue : position->red;
    position->legal = legal_after_roll(rules, mine, theirs, position->side, position->pending);
}

int sr_is_chance(const sr_position *position) { return !position->over && position->pending == SR_NO_ROLL; }

int sr_moves(const sr_rules *rules, const sr_position *position, int8_t *moves) {
    if (position->over) return 0;
    if (position->pending == SR_NO_ROLL) {
        for (int k = 0; k < rules->n_rolls; k++) moves[k] = rules->rolls[k];
        return rules->n_rolls;
    }
    int n = 0;
    for (uint64_t legal = position->legal; legal; legal &= legal - 1) moves[n++] = (int8_t)__builtin_ctzll(legal);
    return n;
}

/* rules.py _roll: the automatic effects of a roll (§7.2) */
int sr_roll(const sr_rules *rules, sr_position *position, int roll) {
    if (position->over || position->pending != SR_NO_ROLL || roll < 0 || roll >= 36 || !(rules->roll_allowed & BIT(roll)))
        return -1;
    int side = position->side;
    uint64_t target = sr_roll_target_inline(side, roll);
    uint64_t mine = side == SR_RED ? position->red : position->blue;
    uint64_t theirs = side == SR_RED ? position->blue : position->red;
    uint64_t removed = 0, legal;
    int hit;
    if (target & theirs) {
        hit = SR_HIT_ENEMY;
        removed = sr_groups_containing_inline(target, theirs);
        theirs ^= removed;
        legal = rules->playable & ~(mine | theirs);
    } else if (target & mine) {
        hit = SR_HIT_FRIENDLY;
        uint64_t group_border = sr_border_inline(sr_groups_containing_inline(target, mine));
        removed = sr_groups_containing_inline(group_border & theirs, theirs);
        theirs ^= removed;
        legal = group_border & rules->playable; /* every enemy on it was just removed: all empty */
    } else {
        hit = SR_HIT_EMPTY;
        legal = rules->playable & ~(mine | theirs);
    }
    int returned = popcount(removed);
    if (side == SR_RED) {
        position->blue = theirs;
        position->blue_reserve = (int8_t)(position->blue_reserve + returned);
    } else {
        position->red = theirs;
        position->red_reserve = (int8_t)(position->red_reserve + returned);
    }
    position->pending = (int8_t)roll;
    position->legal = legal;
    position->removed = removed;
    position->effect = SR_EFFECT_ROLL;
    position->effect_side = (int8_t)side;
    position->effect_roll = (int8_t)roll;
    position->effect_square = (int8_t)__builtin_ctzll(target);
    position->hit = (int8_t)hit;
    settle_over(rules, position);
    return 0;
}

/* rules.py _place: one of the mover's checkers onto a legal square; never removes (§7.3) */
int sr_place(const sr_rules *rules, sr_position *position, int square) {
    if (position->over || position->pending == SR_NO_ROLL || square < 0 || square >= 36 || !(position->legal & BIT(square)))
        return -1;
    int side = position->side;
    if (side == SR_RED) {
        position->red |= BIT(square);
        position->red_reserve--;
    } else {
        position->blue |= BIT(square);
        position->blue_reserve--;
    }
    position->side = (int8_t)(1 - side);
    position->pending = SR_NO_ROLL;
    position->count++;
    position->legal = 0;
    position->removed = 0;
    position->effect = SR_EFFECT_PLACE;
    position->effect_side = (int8_t)side;
    position->effect_roll = SR_NO_ROLL;
    position->effect_square = (int8_t)square;
    position->hit = SR_HIT_EMPTY;
    settle_over(rules, position);
    return 0;
}

int sr_play(const sr_rules *rules, sr_position *position, int move) {
    return position->pending == SR_NO_ROLL ? sr_roll(rules, position, move) : sr_place(rules, position, move);
}

int sr_result(const sr_position *position) {
    if (!position->over) return SR_ONGOING;
    if (position->red_reserve == 0) return SR_RED_WON;
    if (position->blue_reserve == 0) return SR_BLUE_WON;
    return SR_DRAW;
}

int sr_turn_limit(const sr_position *position) {
    return position->over && position->red_reserve != 0 && position->blue_reserve != 0;
}

uint64_t sr_perft(const sr_rules *rules, const sr_position *position, int depth) {
    if (depth == 0 || position->over) return 1;
    int8_t moves[36];
    int n = sr_moves(rules, position, moves);
    if (depth == 1) return (uint64_t)n; /* every child is a leaf */
    uint64_t total = 0;
    for (int k = 0; k < n; k++) {
        sr_position child = *position;
        sr_play(rules, &child, moves[k]);
        total += sr_perft(rules, &child, depth - 1);
    }
    return total;
}

/* -- dice: SplitMix64 ------------------------------------------------------------------------- */
#define GOLDEN_GAMMA UINT64_C(0x9E3779B97F4A7C15)

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* seed + row: row i of a batch seeded s draws as a single stream seeded s + i (as VectorEnv seeds its rows) */
uint64_t sr_rng_seed(uint64_t seed, uint64_t row) { return mix64(seed + row); }

uint64_t sr_rng_next(uint64_t *state) {
    *state += GOLDEN_GAMMA;
    return mix64(*state);
}

double sr_rng_uniform(uint64_t *state) { return (double)(sr_rng_next(state) >> 11) * 0x1.0p-53; }

int sr_roll_of_draw(const sr_rules *rules, double draw) {
    int n = rules->n_rolls;
    for (int k = 0; k < n; k++)
        if (draw < rules->roll_threshold[k]) return rules->rolls[k];
    return rules->rolls[n - 1];
}
