/* Expectimax for Strategic Reserve on the compiled core: bots/expectimax.py's inner loop in C.
 *
 * This file follows ExpectimaxBot (bots/expectimax.py) and StrategicReserveKnowledge
 * (games/strategic_reserve/evaluation.py) line by line, so that the two searches visit the same
 * positions in the same order and add the same floating-point numbers in the same order: equal
 * values, moves and node counts at any node budget (tests/games/strategic_reserve/test_search.py).
 * Where Python's semantics are subtle the helper says so (max/min keep the first of equals; sum()
 * is compensated from Python 3.12; random.choices draws from the Mersenne Twister).
 * Read the Python first: it is the reference, and the comments here do not repeat its reasons.
 * One file of about 650 lines rather than two: the evaluation is the search's inner loop, and in one
 * translation unit the compiler inlines it (the build has no link-time optimisation).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */

#include "search.h"

#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NO_ROLL SR_NO_ROLL
#define LOW (-1.0)
#define HIGH 1.0
#define EXACT 0
#define LOWER_BOUND 1
#define UPPER_BOUND 2
#define TIME_CHECK_EVERY 64
#define NO_MOVE (-1)

/* The knowledge's transposition key: equal for positions the search treats as one. */
typedef struct {
    uint64_t red, blue;
    int64_t legal; /* -1 at a roll */
    int32_t count; /* 0 without a placement limit */
    int8_t red_reserve, blue_reserve, side;
} Key;

typedef sr_position Position;

typedef struct {
    Key key;
    int32_t iteration, depth;
    double value;
    int8_t flag, best, used;
} Entry;

typedef struct {
    const sr_search_request *request;
    const sr_rules *rules;
    int max_turns, me, star2, compensated, exact, iteration;
    double roll_probability;
    int64_t nodes, budget;
    struct timespec deadline;
    int has_deadline;
    /* transposition table: open addressing, never evicts (Python's dict never forgets either) */
    Entry *table;
    size_t table_mask, table_used;
    /* common random numbers: the sampled rolls of each layer (plies) in this iteration */
    int *layer_draws;
    unsigned char *layer_drawn;
    int layers;
    uint32_t mt[SR_SEARCH_MT_WORDS];
    int mt_index;
    jmp_buf out_of_budget;
    int out_of_memory;
} Search;

/* -- Python's semantics ------------------------------------------------------- */

/* max(a, b) and min(a, b): the first argument unless the second is strictly better. */
static inline double py_max(double a, double b) { return b > a ? b : a; }
static inline double py_min(double a, double b) { return b < a ? b : a; }

/* sum() of floats, left to right; from Python 3.12 with Neumaier's compensation. */
static double py_sum(const double *terms, int count, int compensated) {
    double total = 0.0, compensation = 0.0;
    for (int i = 0; i < count; i++) {
        double x = terms[i];
        if (!compensated) {
            total += x;
            continue;
        }
        double t = total + x;
        if (fabs(total) >= fabs(x))
            compensation += (total - t) + x;
        else
            compensation += (x - t) + total;
        total = t;
    }
    if (compensated && compensation != 0.0 && isfinite(compensation)) total += compensation;
    return total;
}

/* random.Random's Mersenne Twister (MT19937), random() and choices(), from its getstate(). */
static uint32_t mt_next(Search *s) {
    static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
    uint32_t *mt = s->mt;
    if (s->mt_index >= SR_SEARCH_MT_WORDS) {
        int k;
        uint32_t y;
        for (k = 0; k < SR_SEARCH_MT_WORDS - 397; k++) {
            y = (mt[k] & 0x80000000u) | (mt[k + 1] & 0x7fffffffu);
            mt[k] = mt[k + 397] ^ (y >> 1) ^ mag01[y & 1u];
        }
        for (; k < SR_SEARCH_MT_WORDS - 1; k++) {
            y = (mt[k] & 0x80000000u) | (mt[k + 1] & 0x7fffffffu);
            mt[k] = mt[k + (397 - SR_SEARCH_MT_WORDS)] ^ (y >> 1) ^ mag01[y & 1u];
        }
        y = (mt[SR_SEARCH_MT_WORDS - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
        mt[SR_SEARCH_MT_WORDS - 1] = mt[396] ^ (y >> 1) ^ mag01[y & 1u];
        s->mt_index = 0;
    }
    uint32_t y = mt[s->mt_index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
}

static double mt_random(Search *s) {
    uint32_t a = mt_next(s) >> 5, b = mt_next(s) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* random.choices(rolls, [p] * n, k=k): bisect_right on the running sums, up to index n - 1. */
static void mt_choices(Search *s, const int *rolls, int n, double probability, int k, int *drawn) {
    double cumulative[36];
    double running = 0.0;
    for (int i = 0; i < n; i++) cumulative[i] = running += probability;
    double total = cumulative[n - 1] + 0.0;
    for (int j = 0; j < k; j++) {
        double x = mt_random(s) * total;
        int lo = 0, hi = n - 1;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (x < cumulative[mid])
                hi = mid;
            else
                lo = mid + 1;
        }
        drawn[j] = rolls[lo];
    }
}

/* -- the rules (engine.c) ------------------------------------------------------ */

/* returns()[me] of a finished game. */
static inline double returns_for_me(const Search *s, const Position *p) {
    if (p->red_reserve == 0) return s->me == 0 ? 1.0 : -1.0;
    if (p->blue_reserve == 0) return s->me == 1 ? 1.0 : -1.0;
    return 0.0;
}

/* The child of a roll or a placement (copy-make); the search plays only legal ones. */
static inline void play_roll(const Search *s, const Position *p, int roll, Position *child) {
    *child = *p;
    sr_roll(s->rules, child, roll);
}

static inline void play_place(const Search *s, const Position *p, int square, Position *child) {
    *child = *p;
    sr_place(s->rules, child, square);
}

/* -- the knowledge (evaluation.py) ---------------------------------------------- */

/* exposure(mine, theirs): sum of squared group sizes of each side and the contact term. */
static void exposure(uint64_t mine, uint64_t theirs, int *own, int *rival, int *contact) {
    uint64_t my_groups[36];
    int my_sizes[36], groups = 0;
    *own = *rival = *contact = 0;
    for (uint64_t rest = mine; rest;) {
        uint64_t group = sr_groups_containing_inline(rest & -rest, rest);
        my_groups[groups] = group;
        my_sizes[groups] = __builtin_popcountll(group);
        *own += my_sizes[groups] * my_sizes[groups];
        groups++;
        rest ^= group;
    }
    for (uint64_t rest = theirs; rest;) {
        uint64_t group = sr_groups_containing_inline(rest & -rest, rest);
        int size = __builtin_popcountll(group);
        *rival += size * size;
        uint64_t touching = sr_spread_inline(group) & mine;
        if (touching) {
            int sizes = 0;
            for (int g = 0; g < groups; g++)
                if (my_groups[g] & touching) sizes += my_sizes[g];
            *contact += size * sizes;
        }
        rest ^= group;
    }
}

static double removal_chance(uint64_t mine, uint64_t theirs) {
    int hits_enemy = __builtin_popcountll(theirs);
    uint64_t own_touched = theirs ? sr_groups_containing_inline(sr_spread_inline(theirs) & mine, mine) : 0;
    int touching_own = __builtin_popcountll(own_touched);
    return (double)(hits_enemy + touching_own) / 36;
}

static double learned_logit(const Search *s, uint64_t mine, uint64_t theirs, int my_reserve, double their_reserve) {
    int own, rival, contact;
    exposure(mine, theirs, &own, &rival, &contact);
    double dealt = (double)(rival + contact) / 36;
    double suffered = (double)(own + contact) / 36;
    double scale = 1.0 / sqrt((double)my_reserve + their_reserve);
    double lead = their_reserve - (double)my_reserve;
    double features[SR_SEARCH_FEATURES] = {
        1.0, lead, lead * scale, scale, dealt * scale, suffered * scale, removal_chance(mine, theirs),
        removal_chance(theirs, mine), my_reserve == 2 ? 1.0 : 0.0,
    };
    double terms[SR_SEARCH_FEATURES];
    for (int i = 0; i < SR_SEARCH_FEATURES; i++) terms[i] = s->request->weights[i] * features[i];
    return py_sum(terms, SR_SEARCH_FEATURES, s->compensated);
}

static double logistic(double logit) {
    if (logit < -30.0) return 0.0;
    return 1.0 / (1.0 + exp(-logit));
}

static double roller_win_chance(const Search *s, uint64_t mine, uint64_t theirs, int my_reserve, int their_reserve) {
    if (my_reserve <= 1) return 1.0;
    if (their_reserve <= 1) {
        double deal_chance = removal_chance(mine, theirs);
        if (deal_chance == 0.0) return 0.0;
        int own, rival, contact;
        exposure(theirs, mine, &own, &rival, &contact);
        double dealt = (double)(own + contact) / 36;
        return deal_chance * logistic(learned_logit(s, mine, theirs, my_reserve, 1 + dealt / deal_chance));
    }
    return logistic(learned_logit(s, mine, theirs, my_reserve, (double)their_reserve));
}

static double placer_win_chance(const Search *s, uint64_t mine, uint64_t theirs, int my_reserve, int their_reserve,
                                uint64_t legal) {
    if (my_reserve <= 1) return 1.0;
    double worst_for_rival = 1.0;
    while (legal) {
        uint64_t bit = legal & -legal;
        legal ^= bit;
        double rival = roller_win_chance(s, theirs, mine | bit, their_reserve, my_reserve - 1);
        if (rival < worst_for_rival) worst_for_rival = rival;
    }
    return 1.0 - worst_for_rival;
}

/* evaluate(state)[me] (returns()[me] once over). */
static double evaluate_for_me(const Search *s, const Position *p) {
    if (p->over) return returns_for_me(s, p);
    int red = p->side == 0;
    uint64_t mine = red ? p->red : p->blue, theirs = red ? p->blue : p->red;
    int my_reserve = red ? p->red_reserve : p->blue_reserve, their_reserve = red ? p->blue_reserve : p->red_reserve;
    double chance = p->pending == NO_ROLL ? roller_win_chance(s, mine, theirs, my_reserve, their_reserve)
                                          : placer_win_chance(s, mine, theirs, my_reserve, their_reserve, p->legal);
    double value = 2.0 * chance - 1.0;
    return p->side == s->me ? value : -value;
}

/* _placement_risk: how much placing on `square` grows the mover's exposure (x36). */
static int placement_risk(uint64_t mine, uint64_t theirs, int square) {
    uint64_t bit = (uint64_t)1 << square;
    uint64_t joined = sr_groups_containing_inline(sr_spread_inline(bit) & mine, mine);
    int merged_size = __builtin_popcountll(joined) + 1;
    int before = 0;
    for (uint64_t rest = joined; rest;) {
        uint64_t group = sr_groups_containing_inline(rest & -rest, rest);
        int size = __builtin_popcountll(group);
        before += size * size;
        rest ^= group;
    }
    uint64_t enemy_next = sr_border_inline(bit) & theirs;
    return merged_size * merged_size - before +
           __builtin_popcountll(sr_groups_containing_inline(enemy_next, theirs)) * merged_size;
}

/* _ordered: the legal squares safest first (a stable sort of the file-major order), `hint` moved to the front. */
static int ordered_moves(const Position *p, int hint, int *moves) {
    uint64_t mine = p->side == 0 ? p->red : p->blue, theirs = p->side == 0 ? p->blue : p->red;
    int risks[36], count = 0;
    for (uint64_t rest = p->legal; rest; rest &= rest - 1) {
        int square = __builtin_ctzll(rest), risk = placement_risk(mine, theirs, square), i = count++;
        while (i > 0 && risks[i - 1] > risk) {
            risks[i] = risks[i - 1];
            moves[i] = moves[i - 1];
            i--;
        }
        risks[i] = risk;
        moves[i] = square;
    }
    if (hint != NO_MOVE && count && moves[0] != hint) {
        for (int i = 1; i < count; i++) {
            if (moves[i] != hint) continue;
            memmove(moves + 1, moves, (size_t)i * sizeof *moves);
            moves[0] = hint;
            break;
        }
    }
    return count;
}

static Key key_of(const Search *s, const Position *p) {
    Key key;
    memset(&key, 0, sizeof key); /* padding too: keys are compared with memcmp */
    key.red = p->red;
    key.blue = p->blue;
    key.legal = p->over || p->pending == NO_ROLL ? -1 : (int64_t)p->legal;
    key.count = s->max_turns >= 0 ? p->count : 0;
    key.red_reserve = (int8_t)p->red_reserve;
    key.blue_reserve = (int8_t)p->blue_reserve;
    key.side = (int8_t)p->side;
    return key;
}

/* -- the transposition table ---------------------------------------------------- */

static size_t key_hash(const Key *key) {
    uint64_t h = key->red * 0x9E3779B97F4A7C15ull ^ key->blue * 0xC2B2AE3D27D4EB4Full;
    h ^= (uint64_t)key->legal * 0x165667B19E3779F9ull;
    h ^= ((uint64_t)(uint32_t)key->count << 24) ^ ((uint64_t)(uint8_t)key->red_reserve << 16) ^
         ((uint64_t)(uint8_t)key->blue_reserve << 8) ^ (uint64_t)(uint8_t)key->side;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    return (size_t)h;
}

static Entry *table_find(const Search *s, const Key *key) {
    for (size_t i = key_hash(key) & s->table_mask;; i = (i + 1) & s->table_mask) {
        Entry *entry = &s->table[i];
        if (!entry->used) return NULL;
        if (memcmp(&entry->key, key, sizeof *key) == 0) return entry;
    }
}

static void table_store(Search *s, const Key *key, int depth, double value, int flag, int best) {
    if (2 * (s->table_used + 1) > s->table_mask + 1) {
        size_t old_size = s->table_mask + 1, size = 2 * old_size;
        Entry *grown = calloc(size, sizeof *grown);
        if (!grown) {
            s->out_of_memory = 1;
            longjmp(s->out_of_budget, 1);
        }
        Entry *old = s->table;
        s->table = grown;
        s->table_mask = size - 1;
        for (size_t i = 0; i < old_size; i++) {
            if (!old[i].used) continue;
            size_t j = key_hash(&old[i].key) & s->table_mask;
            while (grown[j].used) j = (j + 1) & s->table_mask;
            grown[j] = old[i];
        }
        free(old);
    }
    size_t i = key_hash(key) & s->table_mask;
    while (s->table[i].used && memcmp(&s->table[i].key, key, sizeof *key) != 0) i = (i + 1) & s->table_mask;
    Entry *entry = &s->table[i];
    if (!entry->used) s->table_used++;
    entry->key = *key;
    entry->iteration = s->iteration;
    entry->depth = depth;
    entry->value = value;
    entry->flag = (int8_t)flag;
    entry->best = (int8_t)best;
    entry->used = 1;
}

/* -- the search (ExpectimaxBot) ----------------------------------------------------- */

static double search_value(Search *s, const Position *p, int depth, double alpha, double beta, int plies);

static int past_deadline(const Search *s) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > s->deadline.tv_sec || (now.tv_sec == s->deadline.tv_sec && now.tv_nsec > s->deadline.tv_nsec);
}

static double decision(Search *s, const Position *p, int depth, double alpha, double beta, int plies, int hint,
                       int *best_move) {
    int moves[36], count = ordered_moves(p, hint, moves);
    int maximising = p->side == s->me;
    double best_value = maximising ? -INFINITY : INFINITY;
    *best_move = NO_MOVE;
    for (int i = 0; i < count; i++) {
        Position child;
        play_place(s, p, moves[i], &child);
        double value = search_value(s, &child, depth - 1, alpha, beta, plies + 1);
        if (maximising) {
            if (value > best_value) {
                best_value = value;
                *best_move = moves[i];
                alpha = py_max(alpha, value);
            }
        } else if (value < best_value) {
            best_value = value;
            *best_move = moves[i];
            beta = py_min(beta, value);
        }
        if (alpha >= beta) break;
    }
    return best_value;
}

/* _outcomes: the chance node's children, equal keys merged, probabilities normalised, likeliest first. */
static int outcomes(Search *s, const Position *p, int plies, Position *children, double *probabilities) {
    const sr_search_request *request = s->request;
    int count = s->rules->n_rolls;
    int rolls[36];
    for (int i = 0; i < count; i++) rolls[i] = s->rules->rolls[i];
    double probability = s->roll_probability;
    if (plies > 1 && !s->exact && request->chance_samples < count) {
        int *drawn = s->layer_draws + (size_t)plies * (size_t)request->chance_samples;
        if (!s->layer_drawn[plies]) {
            mt_choices(s, rolls, count, probability, request->chance_samples, drawn);
            s->layer_drawn[plies] = 1;
        }
        count = request->chance_samples;
        for (int i = 0; i < count; i++) rolls[i] = drawn[i];
        probability = 1.0 / request->chance_samples;
    }
    Key keys[36];
    int merged = 0;
    for (int i = 0; i < count; i++) {
        Position child;
        play_roll(s, p, rolls[i], &child);
        Key key = key_of(s, &child);
        int slot = 0;
        while (slot < merged && memcmp(&keys[slot], &key, sizeof key) != 0) slot++;
        if (slot < merged) {
            probabilities[slot] += probability;
        } else {
            keys[merged] = key;
            children[merged] = child;
            probabilities[merged++] = probability;
        }
    }
    double total = py_sum(probabilities, merged, s->compensated);
    for (int i = 0; i < merged; i++) probabilities[i] /= total;
    for (int i = 1; i < merged; i++) { /* stable insertion sort, likeliest first */
        Position child = children[i];
        double q = probabilities[i];
        int j = i;
        while (j > 0 && probabilities[j - 1] < q) {
            children[j] = children[j - 1];
            probabilities[j] = probabilities[j - 1];
            j--;
        }
        children[j] = child;
        probabilities[j] = q;
    }
    return merged;
}

/* _probe: the value of the child's first ordered move, a bound on it from its mover's side. */
static double probe(Search *s, const Position *child, int depth, int plies) {
    Key key = key_of(s, child);
    const Entry *entry = table_find(s, &key);
    int moves[36];
    ordered_moves(child, entry ? entry->best : NO_MOVE, moves);
    Position next;
    play_place(s, child, moves[0], &next);
    return search_value(s, &next, depth - 1, LOW, HIGH, plies + 1);
}

static double chance(Search *s, const Position *p, int depth, double alpha, double beta, int plies) {
    Position children[36];
    double probabilities[36], lows[36], highs[36], terms[36];
    int count = outcomes(s, p, plies, children, probabilities);
    for (int i = 0; i < count; i++) {
        lows[i] = LOW;
        highs[i] = HIGH;
        if (children[i].over) lows[i] = highs[i] = returns_for_me(s, &children[i]);
    }
    if (s->star2) {
        for (int i = 0; i < count; i++) {
            /* no legal square never happens (rules §7.4); the Python probe would fail there, this one skips */
            if (children[i].over || children[i].pending == NO_ROLL || !children[i].legal) continue;
            double bound = probe(s, &children[i], depth, plies);
            if (children[i].side == s->me)
                lows[i] = py_max(lows[i], bound);
            else
                highs[i] = py_min(highs[i], bound);
        }
    }
    for (int i = 0; i < count; i++) terms[i] = probabilities[i] * highs[i];
    double high_rest = py_sum(terms, count, s->compensated);
    for (int i = 0; i < count; i++) terms[i] = probabilities[i] * lows[i];
    double low_rest = py_sum(terms, count, s->compensated);
    if (high_rest <= alpha) return high_rest;
    if (low_rest >= beta) return low_rest;
    double total = 0.0;
    for (int i = 0; i < count; i++) {
        double probability = probabilities[i], low = lows[i], high = highs[i];
        high_rest -= probability * high;
        low_rest -= probability * low;
        double child_alpha = (alpha - total - high_rest) / probability;
        double child_beta = (beta - total - low_rest) / probability;
        if (child_alpha >= high) return total + probability * high + high_rest;
        if (child_beta <= low) return total + probability * low + low_rest;
        double value;
        if (low == high) {
            value = low;
        } else {
            value = search_value(s, &children[i], depth, py_max(low, child_alpha), py_min(high, child_beta), plies);
            value = py_min(high, py_max(low, value));
        }
        if (value <= child_alpha) return total + probability * value + high_rest;
        if (value >= child_beta) return total + probability * value + low_rest;
        total += probability * value;
    }
    return total;
}

static double search_value(Search *s, const Position *p, int depth, double alpha, double beta, int plies) {
    s->nodes++;
    if (s->budget >= 0 && s->nodes > s->budget) longjmp(s->out_of_budget, 1);
    if (s->has_deadline && s->nodes % TIME_CHECK_EVERY == 0 && past_deadline(s)) longjmp(s->out_of_budget, 1);
    if (p->over) return returns_for_me(s, p);
    if (depth == 0) return evaluate_for_me(s, p);
    Key key = key_of(s, p);
    const Entry *entry = table_find(s, &key);
    int hint = NO_MOVE;
    if (entry) {
        hint = entry->best;
        if (entry->iteration == s->iteration && entry->depth == depth) {
            int flag = entry->flag;
            double stored = entry->value;
            if (flag == EXACT || (flag == LOWER_BOUND && stored >= beta) || (flag == UPPER_BOUND && stored <= alpha))
                return stored;
        }
    }
    double value;
    int best = NO_MOVE;
    if (p->pending == NO_ROLL)
        value = chance(s, p, depth, alpha, beta, plies);
    else
        value = decision(s, p, depth, alpha, beta, plies, hint, &best);
    int flag = value <= alpha ? UPPER_BOUND : value >= beta ? LOWER_BOUND : EXACT;
    table_store(s, &key, depth, value, flag, best);
    return value;
}

/* One iteration of the deepening; 0 when the budget, the clock or memory ran out inside it. */
static int iterate(Search *s, const Position *root, int *moves, int count, int depth, int *best_move,
                   double *best_value) {
    if (setjmp(s->out_of_budget)) return 0;
    if (root->pending == NO_ROLL) {
        *best_value = search_value(s, root, depth, -INFINITY, INFINITY, 0);
        return 1;
    }
    if (count == 0) return 0; /* a root without a legal square (never, rules §7.4): no iteration finishes */
    int best = 0;
    double value = -INFINITY;
    for (int i = 0; i < count; i++) {
        Position child;
        play_place(s, root, moves[i], &child);
        double child_value = search_value(s, &child, depth - 1, value, INFINITY, 1);
        if (child_value > value) {
            best = i;
            value = child_value;
        }
    }
    int move = moves[best];
    memmove(moves + 1, moves, (size_t)best * sizeof *moves); /* the best so far is searched first next time */
    moves[0] = move;
    *best_move = move;
    *best_value = value;
    return 1;
}

static void search_init(Search *s, const sr_search_request *request) {
    memset(s, 0, sizeof *s);
    s->request = request;
    s->rules = request->rules;
    s->max_turns = request->rules->max_turns;
    s->me = request->me;
    s->star2 = request->star2;
    s->compensated = request->compensated_sum;
    s->roll_probability = 1.0 / request->rules->n_rolls; /* rules.py: 1 / len(self.rolls) */
    s->budget = request->nodes;
}

double sr_search_evaluate(const sr_search_request *request) {
    Search s;
    search_init(&s, request);
    return evaluate_for_me(&s, &request->root);
}

int sr_expectimax(const sr_search_request *request, sr_search_result *result) {
    Search *s = malloc(sizeof *s);
    const Position *root = &request->root;
    memset(result, 0, sizeof *result);
    result->best_move = NO_MOVE;
    if (!s) return -1;
    search_init(s, request);
    memcpy(s->mt, request->mt, sizeof s->mt);
    s->mt_index = request->mt_index;
    if (request->seconds > 0) {
        clock_gettime(CLOCK_MONOTONIC, &s->deadline);
        double whole = floor(request->seconds);
        s->deadline.tv_sec += (time_t)whole;
        s->deadline.tv_nsec += (long)((request->seconds - whole) * 1e9);
        if (s->deadline.tv_nsec >= 1000000000L) {
            s->deadline.tv_sec++;
            s->deadline.tv_nsec -= 1000000000L;
        }
        s->has_deadline = 1;
    }
    s->layers = 2 * request->max_depth + 4; /* plies grow by one per decision: at most max_depth + 1 */
    size_t samples = request->chance_samples > 0 ? (size_t)request->chance_samples : 1;
    s->layer_draws = malloc((size_t)s->layers * samples * sizeof *s->layer_draws);
    s->layer_drawn = malloc((size_t)s->layers);
    s->table_mask = (1u << 14) - 1;
    s->table = calloc(s->table_mask + 1, sizeof *s->table);
    int status = 0;
    if (!s->layer_draws || !s->layer_drawn || !s->table) {
        status = -1;
        result->out_of_memory = 1;
    } else {
        int moves[36], count = request->root_move_count;
        for (int i = 0; i < count; i++) moves[i] = request->root_moves[i];
        result->best_move = root->pending == NO_ROLL || count == 0 ? NO_MOVE : moves[0];
        result->value = evaluate_for_me(s, root);
        for (int depth = 1; depth <= request->max_depth; depth++) {
            s->iteration = depth;
            s->exact = depth <= request->exact_depth;
            memset(s->layer_drawn, 0, (size_t)s->layers);
            int best_move = result->best_move;
            double best_value = result->value;
            if (!iterate(s, root, moves, count, depth, &best_move, &best_value)) break;
            result->best_move = best_move;
            result->value = best_value;
            result->depth = depth;
        }
        if (s->out_of_memory) {
            status = -1;
            result->out_of_memory = 1;
        }
    }
    result->nodes = s->nodes;
    free(s->layer_draws);
    free(s->layer_drawn);
    free(s->table);
    free(s);
    return status;
}
