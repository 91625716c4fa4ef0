/* Laser Chess search on the compiled core (search.h): evaluation.py's evaluation and move order,
 * bots/alphabeta.py's alpha-beta, node for node. Each function names the Python it mirrors;
 * read that for the why. Floating-point sums are done in the Python order, so values are equal
 * to the last bit (tanh is libm's in both).
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c11 */
#include "search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* -- tables from the reference (lcs_set_tables) ------------------------------------------------ */
static int8_t REACTION[LC_CODES][4];
static int8_t NEXT[LC_SQUARES][4];
static uint8_t ROTATED[LC_CODES][3];
static uint8_t SWAP_INTO[LC_SQUARES][LC_CODES];
static uint8_t OPEN[2][LC_SQUARES];
static uint8_t NEIGHBOUR[LC_SQUARES][8];
static uint8_t NEIGHBOUR_COUNT[LC_SQUARES];
static double PIECE_VALUE[LC_CODES];
static uint8_t LASER_SQUARE[2];
static double W[LCS_WEIGHTS];

/* Sets of squares as two words (bit s of w[s >> 6]), derived from the tables above: the squares
 * beyond each square in each direction, whether a direction runs up the indices, and each
 * square's neighbours open to each colour. They turn the beam's walk over empty squares and the
 * count of free neighbours into a few word operations (GCC and Clang builtins). */
typedef struct {
    uint64_t w[2];
} squares;
static squares RAY[LC_SQUARES][4];
static uint8_t RAY_UP[4];
static squares FREE_TARGETS[2][LC_SQUARES];

/* Bits set in x, inline (without -mpopcnt, __builtin_popcountll is a library call). */
static inline int bit_count(uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

static void add_square(squares *set, int sq) { set->w[sq >> 6] |= 1ull << (sq & 63); }
static int has_square(const squares *set, int sq) { return (int)(set->w[sq >> 6] >> (sq & 63)) & 1; }

static squares occupancy(const uint8_t *board) {
    squares occ = {{0, 0}};
    for (int sq = 0; sq < LC_SQUARES; sq++)
        if (board[sq]) add_square(&occ, sq);
    return occ;
}

/* The nearest occupied square beyond ``sq`` in direction ``d`` (-1: none before the edge). */
static int first_occupied(const squares *occ, int sq, int d) {
    uint64_t a = RAY[sq][d].w[0] & occ->w[0], b = RAY[sq][d].w[1] & occ->w[1];
    if (RAY_UP[d]) return a ? __builtin_ctzll(a) : b ? 64 + __builtin_ctzll(b) : -1;
    return b ? 127 - __builtin_clzll(b) : a ? 63 - __builtin_clzll(a) : -1;
}

static void derive_sets(void) {
    memset(RAY, 0, sizeof RAY);
    memset(FREE_TARGETS, 0, sizeof FREE_TARGETS);
    for (int sq = 0; sq < LC_SQUARES; sq++)
        for (int d = 0; d < 4; d++) {
            if (NEXT[sq][d] >= 0) RAY_UP[d] = NEXT[sq][d] > sq;
            for (int at = NEXT[sq][d]; at >= 0; at = NEXT[at][d]) add_square(&RAY[sq][d], at);
        }
    for (int colour = 0; colour < 2; colour++)
        for (int sq = 0; sq < LC_SQUARES; sq++)
            for (int i = 0; i < NEIGHBOUR_COUNT[sq]; i++)
                if (OPEN[colour][NEIGHBOUR[sq][i]]) add_square(&FREE_TARGETS[colour][sq], NEIGHBOUR[sq][i]);
}

void lcs_set_tables(const int8_t *reaction, const int8_t *next, const uint8_t *rotated,
                    const uint8_t *swap_into, const uint8_t *open, const uint8_t *neighbours,
                    const uint8_t *neighbour_count, const double *piece_value,
                    const uint8_t *laser_square) {
    memcpy(REACTION, reaction, sizeof REACTION);
    memcpy(NEXT, next, sizeof NEXT);
    memcpy(ROTATED, rotated, sizeof ROTATED);
    memcpy(SWAP_INTO, swap_into, sizeof SWAP_INTO);
    memcpy(OPEN, open, sizeof OPEN);
    memcpy(NEIGHBOUR, neighbours, sizeof NEIGHBOUR);
    memcpy(NEIGHBOUR_COUNT, neighbour_count, sizeof NEIGHBOUR_COUNT);
    memcpy(PIECE_VALUE, piece_value, sizeof PIECE_VALUE);
    memcpy(LASER_SQUARE, laser_square, sizeof LASER_SQUARE);
    derive_sets();
}

void lcs_set_weights(const double *weights) { memcpy(W, weights, sizeof W); }

/* -- the shot table (evaluation.py ShotTable) --------------------------------------------------- */
typedef struct {
    int colour;
    int count;                          /* legal piece moves */
    int changed_count;                  /* moves that alter the beam, in lc_generate's order */
    lc_move changed[LC_MAX_MOVES];
    uint8_t changed_code[LC_MAX_MOVES]; /* what each one's shot removes (0: nothing) */
    int static_code;                    /* what every other move's shot removes */
} shot_table;

/* The beam as _path_marks traces it: the squares it enters in order (the Laser's first), the
 * direction it travels as it enters each, the index of each square's first visit (-1: none)
 * and the set of them. */
typedef struct {
    int length;
    uint8_t square[4 * LC_SQUARES];
    uint8_t direction[4 * LC_SQUARES];
    int16_t first_visit[LC_SQUARES];
    squares marks;
} beam_path;

/* What the beam removes (0: nothing) as it enters ``sq`` travelling ``d`` (sq < 0: it left the board). */
static int beam_victim_from(const uint8_t *board, const squares *occ, int sq, int d) {
    if (sq >= 0 && !board[sq]) sq = first_occupied(occ, sq, d);
    while (sq >= 0) {
        int r = REACTION[board[sq]][d];
        if (r < 0) return r == LC_STOP_REMOVED ? board[sq] : 0;
        d = r;
        sq = first_occupied(occ, sq, d);
    }
    return 0;
}

/* _path_marks: records the path, returns the code the beam removes (0: none). */
static int beam_trace(const uint8_t *board, int colour, beam_path *path) {
    memset(path->first_visit, -1, sizeof path->first_visit);
    path->marks = (squares){{0, 0}};
    int sq = LASER_SQUARE[colour], d = (board[sq] - 1) & 3, n = 0;
    path->square[n] = (uint8_t)sq;
    path->direction[n] = (uint8_t)d;
    path->first_visit[sq] = (int16_t)n++;
    add_square(&path->marks, sq);
    for (;;) {
        sq = NEXT[sq][d];
        while (sq >= 0) {
            if (path->first_visit[sq] < 0) {
                path->first_visit[sq] = (int16_t)n;
                add_square(&path->marks, sq);
            }
            path->square[n] = (uint8_t)sq;
            path->direction[n++] = (uint8_t)d;
            if (board[sq]) break;
            sq = NEXT[sq][d];
        }
        if (sq < 0) break;
        int r = REACTION[board[sq]][d];
        if (r < 0) {
            path->length = n;
            return r == LC_STOP_REMOVED ? board[sq] : 0;
        }
        d = r;
    }
    path->length = n;
    return 0;
}

/* _removed_by_shot after a move that changed ``from`` and ``to`` on ``scratch``: up to the first of
 * them the beam enters, nothing changed, so the trace resumes there (a turned Laser: from the start). */
static int beam_victim_after(const uint8_t *scratch, const squares *occ, int colour, const beam_path *path,
                             int from, int to) {
    int a = path->first_visit[from], b = path->first_visit[to];
    int k = a < 0 ? b : b < 0 ? a : a < b ? a : b;
    if (k == 0) { /* the Laser itself turned */
        int sq = LASER_SQUARE[colour], d = (scratch[sq] - 1) & 3;
        return beam_victim_from(scratch, occ, first_occupied(occ, sq, d), d);
    }
    return beam_victim_from(scratch, occ, path->square[k], path->direction[k]);
}

static void add_changed(shot_table *t, int *n, int from, int to, int rotation) {
    t->changed[(*n)++] = LC_MOVE(from, to, rotation);
}

/* ``occ``: the board's occupied squares. */
static void shot_table_build(shot_table *t, const uint8_t *board, const squares *occ, int colour) {
    beam_path path;
    t->colour = colour;
    t->static_code = beam_trace(board, colour, &path);
    const squares *marks = &path.marks;
    const uint8_t *open = OPEN[colour];
    int lo = colour == LC_BLUE ? 1 : 21, hi = lo + 20;
    int count = 0, n = 0;
    for (int word = 0; word < 2; word++)
        for (uint64_t pieces = occ->w[word]; pieces; pieces &= pieces - 1) { /* squares in index order */
            int sq = 64 * word + __builtin_ctzll(pieces);
            int code = board[sq];
            if (code < lo || code >= hi) continue;
            int on_path = has_square(marks, sq);
            for (int sign = LC_PLUS; sign <= LC_MINUS; sign++)
                if (ROTATED[code][sign]) {
                    count++;
                    if (on_path) add_changed(t, &n, sq, sq, sign);
                }
            int kind = LC_KIND_OF(code);
            if (kind == LC_LASER) continue;
            if (kind == LC_SWITCH) {
                const uint8_t *swap_ok = SWAP_INTO[sq];
                for (int i = 0; i < NEIGHBOUR_COUNT[sq]; i++) {
                    int to = NEIGHBOUR[sq][i], other = board[to];
                    if (open[to] && (!other || swap_ok[other])) {
                        count++;
                        if (on_path || has_square(marks, to)) add_changed(t, &n, sq, to, 0);
                    }
                }
                continue;
            }
            /* a step: to a free neighbour open to the colour; it changes the beam when it leaves
             * the path or enters it */
            const squares *targets = &FREE_TARGETS[colour][sq];
            for (int w = 0; w < 2; w++) {
                uint64_t free = targets->w[w] & ~occ->w[w];
                count += bit_count(free);
                if (!on_path) free &= marks->w[w];
                for (; free; free &= free - 1) add_changed(t, &n, sq, 64 * w + __builtin_ctzll(free), 0);
            }
        }
    t->count = count;
    t->changed_count = n;
    uint8_t scratch[LC_SQUARES];
    squares scratch_occ = *occ;
    memcpy(scratch, board, sizeof scratch);
    for (int i = 0; i < n; i++) { /* play the action on the scratch board, fire, put both squares back */
        lc_move m = t->changed[i];
        int from = LC_MOVE_FROM(m), to = LC_MOVE_TO(m), rotation = LC_MOVE_ROTATION(m);
        uint8_t piece = scratch[from], other = scratch[to];
        int step = !rotation && !other;
        if (rotation) {
            scratch[from] = ROTATED[piece][rotation];
        } else {
            scratch[from] = other;
            scratch[to] = piece;
        }
        if (step) {
            scratch_occ.w[from >> 6] ^= 1ull << (from & 63);
            scratch_occ.w[to >> 6] ^= 1ull << (to & 63);
        }
        t->changed_code[i] = (uint8_t)beam_victim_after(scratch, &scratch_occ, colour, &path, from, to);
        if (step) scratch_occ = *occ;
        scratch[from] = piece;
        scratch[to] = other;
    }
}

static double shot_gain(const shot_table *t, int code) {
    if (!code) return 0.0;
    double value = PIECE_VALUE[code];
    return LC_COLOUR_OF(code) != t->colour ? value : -value;
}

static double shot_best_gain(const shot_table *t) {
    double best = t->changed_count < t->count ? shot_gain(t, t->static_code) : 0.0;
    for (int i = 0; i < t->changed_count; i++) {
        double gain = shot_gain(t, t->changed_code[i]);
        if (gain > best) best = gain;
    }
    return best > 0.0 ? best : 0.0;
}

static int shot_kill_count(const shot_table *t) {
    double king = W[LCS_W_KING_VALUE];
    if (shot_gain(t, t->static_code) >= king) return t->count;
    int kills = 0;
    for (int i = 0; i < t->changed_count; i++)
        if (shot_gain(t, t->changed_code[i]) >= king) kills++;
    return kills;
}

/* The gain of each of ``moves`` (lc_legal's order: the changed moves are a subsequence of it). */
static void shot_gains(const shot_table *t, const lc_move *moves, int n, double *gains) {
    double static_gain = shot_gain(t, t->static_code);
    int j = 0;
    for (int i = 0; i < n; i++) {
        if (moves[i] == LC_DRAW) {
            gains[i] = 0.0;
        } else if (j < t->changed_count && t->changed[j] == moves[i]) {
            gains[i] = shot_gain(t, t->changed_code[j++]);
        } else {
            gains[i] = static_gain;
        }
    }
}

/* Stable sorts of moves by descending key, as Python's sorted(key=-...) orders them. Insertion sort
 * costs the number of inversions: little for the shot gains (a few captures among equal keys); the
 * history order of 80 quiet moves has many distinct keys, so it merges sorted runs bottom-up. */
#define SORT_RUN 12
static void sort_by_key(lc_move *moves, double *keys, int n) {
    for (int i = 1; i < n; i++) {
        lc_move m = moves[i];
        double k = keys[i];
        int j = i - 1;
        while (j >= 0 && keys[j] < k) {
            moves[j + 1] = moves[j];
            keys[j + 1] = keys[j];
            j--;
        }
        moves[j + 1] = m;
        keys[j + 1] = k;
    }
}

static void merge_sort_by_key(lc_move *moves, double *keys, int n) {
    for (int start = 0; start < n; start += SORT_RUN)
        sort_by_key(moves + start, keys + start, start + SORT_RUN < n ? SORT_RUN : n - start);
    if (n <= SORT_RUN) return;
    lc_move move_buffer[LC_MAX_MOVES];
    double key_buffer[LC_MAX_MOVES];
    for (int width = SORT_RUN; width < n; width *= 2) {
        for (int left = 0; left < n; left += 2 * width) {
            int middle = left + width < n ? left + width : n, right = left + 2 * width < n ? left + 2 * width : n;
            int i = left, j = middle, k = left;
            while (i < middle && j < right) { /* the left run wins ties: stable */
                if (keys[j] > keys[i]) {
                    move_buffer[k] = moves[j];
                    key_buffer[k++] = keys[j++];
                } else {
                    move_buffer[k] = moves[i];
                    key_buffer[k++] = keys[i++];
                }
            }
            while (i < middle) {
                move_buffer[k] = moves[i];
                key_buffer[k++] = keys[i++];
            }
            while (j < right) {
                move_buffer[k] = moves[j];
                key_buffer[k++] = keys[j++];
            }
        }
        memcpy(moves, move_buffer, (size_t)n * sizeof *moves);
        memcpy(keys, key_buffer, (size_t)n * sizeof *keys);
    }
}

/* -- the evaluation (evaluation.py _value, _king_lines) ----------------------------------------- */
static int king_lines(const uint8_t *board, const squares *occ, int king_square) {
    int count = 0;
    for (int d = 0; d < 4; d++) {
        int sq = first_occupied(occ, king_square, d);
        if (sq < 0) continue;
        int code = board[sq], kind = LC_KIND_OF(code), back = (d + 2) % 4;
        if (kind == LC_DEFLECTOR || kind == LC_SWITCH) {
            for (int a = 0; a < 4; a++)
                if (REACTION[code][a] == back) {
                    count++;
                    break;
                }
        } else if (kind == LC_LASER) {
            count++;
        }
    }
    return count;
}

/* value_for_mover with the mover's shot table (built here, for the caller's move order to reuse). */
static double evaluate_with(const lc_position *p, shot_table *own) {
    const uint8_t *board = p->board;
    int mover = p->turn, rival = mover ^ 1;
    double material = 0.0;
    int kings[2] = {-1, -1};
    double king_value = W[LCS_W_KING_VALUE];
    squares occ = {{0, 0}};
    for (int sq = 0; sq < LC_SQUARES; sq++) {
        int code = board[sq];
        if (!code) continue;
        add_square(&occ, sq);
        double worth = PIECE_VALUE[code];
        if (worth >= king_value) {
            kings[LC_COLOUR_OF(code)] = sq;
        } else if (LC_COLOUR_OF(code) == mover) {
            material += worth;
        } else {
            material -= worth;
        }
    }
    shot_table theirs;
    shot_table_build(own, board, &occ, mover);
    shot_table_build(&theirs, board, &occ, rival);
    double score = material;
    int kills = shot_kill_count(&theirs);
    if (kills) score -= W[LCS_W_KING_THREAT] + (kills > 1 ? W[LCS_W_EXTRA_KING_THREAT] : 0.0);
    double rival_gain = shot_best_gain(&theirs), own_gain = shot_best_gain(own);
    score -= W[LCS_W_RIVAL_CAPTURE] * (rival_gain < 2.0 ? rival_gain : 2.0);
    score += W[LCS_W_OWN_CAPTURE] * (own_gain < 2.0 ? own_gain : 2.0);
    score += W[LCS_W_MOBILITY] * (double)(own->count - theirs.count);
    if (kings[mover] >= 0 && kings[rival] >= 0)
        score += W[LCS_W_KING_LINES] * (double)(king_lines(board, &occ, kings[rival]) - king_lines(board, &occ, kings[mover]));
    return tanh(W[LCS_W_SCALE] * score);
}

double lcs_evaluate(const lc_position *p) {
    shot_table own;
    return evaluate_with(p, &own);
}

/* LaserChessKnowledge.noisy_moves from the side to move's table; ``gains`` gets their gains. */
static int noisy_from(const shot_table *t, const lc_position *p, lc_move *out, double *gains) {
    int n = 0;
    for (int i = 0; i < t->changed_count; i++) {
        double gain = shot_gain(t, t->changed_code[i]);
        if (gain > 0) {
            out[n] = t->changed[i];
            gains[n++] = gain;
        }
    }
    double static_gain = shot_gain(t, t->static_code);
    if (static_gain > 0) { /* one stand-in: the first legal move that leaves the beam alone */
        lc_move moves[LC_MAX_MOVES];
        int count = lc_generate(p, moves), j = 0;
        for (int i = 0; i < count; i++) {
            if (j < t->changed_count && t->changed[j] == moves[i]) {
                j++;
                continue;
            }
            out[n] = moves[i];
            gains[n++] = static_gain;
            break;
        }
    }
    sort_by_key(out, gains, n);
    return n;
}

int lcs_noisy(const lc_position *p, lc_move *out) {
    shot_table t;
    double gains[LC_MAX_MOVES];
    squares occ = occupancy(p->board);
    shot_table_build(&t, p->board, &occ, p->turn);
    return noisy_from(&t, p, out, gains);
}

int lcs_order(const lc_position *p, const lc_history *history, lc_move *out) {
    shot_table t;
    double gains[LC_MAX_MOVES];
    squares occ = occupancy(p->board);
    shot_table_build(&t, p->board, &occ, p->turn);
    int n = lc_legal(p, history, out);
    shot_gains(&t, out, n, gains);
    sort_by_key(out, gains, n);
    return n;
}

/* -- the search (bots/alphabeta.py) ------------------------------------------------------------ */
#define MATE 100.0
#define MATE_BOUND (MATE / 2)
#define EXACT 0
#define LOWER 1
#define UPPER 2
#define TIME_CHECK_EVERY 32 /* nodes between two looks at the clock, as in Python */
#define TABLE_FIRST_SLOTS (1 << 16)
#define MOVE_IDS 65536 /* an lc_move indexes the history table directly */
#define VALUE_SLOTS (1 << 16)

typedef struct {
    uint64_t key;
    double score;
    lc_move move;
    int8_t depth;
    uint8_t bound;
    uint8_t used;
} table_entry;

struct lcs_searcher {
    table_entry *table;
    size_t slots, used;
    int64_t history[MOVE_IDS];
    lc_move killers[LCS_MAX_PLY][2];
    uint8_t killer_count[LCS_MAX_PLY];
    lc_history line; /* the game's keys, then the searched line's: repetitions look back through it */
    int64_t nodes, budget;
    double limit; /* seconds since ``started`` after which the search stops; <= 0: none */
    struct timespec started;
    int stopped; /* 0 while running, else LCS_STOP_NODES or LCS_STOP_TIME */
    int quiescence;
    int failed; /* out of memory */
    uint64_t value_key[VALUE_SLOTS]; /* the evaluation by position key, as evaluation.py caches it */
    double value[VALUE_SLOTS];
};

static double seconds_since(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + 1e-9 * (double)(now.tv_nsec - start->tv_nsec);
}

lcs_searcher *lcs_new(void) {
    lcs_searcher *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->table = calloc(TABLE_FIRST_SLOTS, sizeof *s->table);
    if (!s->table) {
        free(s);
        return NULL;
    }
    s->slots = TABLE_FIRST_SLOTS;
    return s;
}

void lcs_free(lcs_searcher *s) {
    if (!s) return;
    free(s->table);
    lc_history_free(&s->line);
    free(s);
}

/* -- the transposition table: open addressing, grown at half full like a dict until the cap -- */
static table_entry *table_find(const lcs_searcher *s, uint64_t key) {
    size_t mask = s->slots - 1;
    for (size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull >> 20) & mask;; i = (i + 1) & mask) {
        table_entry *e = &s->table[i];
        if (!e->used) return NULL;
        if (e->key == key) return e;
    }
}

static void table_grow(lcs_searcher *s) {
    size_t slots = s->slots * 2;
    table_entry *table = calloc(slots, sizeof *table);
    if (!table) return; /* stays at this size: it replaces from now on */
    table_entry *old = s->table;
    size_t old_slots = s->slots;
    s->table = table;
    s->slots = slots;
    for (size_t j = 0; j < old_slots; j++) {
        if (!old[j].used) continue;
        size_t mask = slots - 1, i = (size_t)(old[j].key * 0x9E3779B97F4A7C15ull >> 20) & mask;
        while (table[i].used) i = (i + 1) & mask;
        table[i] = old[j];
    }
    free(old);
}

static void table_store(lcs_searcher *s, uint64_t key, int depth, int bound, double score, lc_move move) {
    size_t mask = s->slots - 1, home = (size_t)(key * 0x9E3779B97F4A7C15ull >> 20) & mask, i = home;
    while (s->table[i].used && s->table[i].key != key) i = (i + 1) & mask;
    table_entry *e = &s->table[i];
    if (!e->used) {
        if (2 * (s->used + 1) > s->slots) {
            if (s->slots < LCS_TABLE_MAX_SLOTS) {
                size_t before = s->slots;
                table_grow(s);
                if (s->slots != before) {
                    table_store(s, key, depth, bound, score, move);
                    return;
                }
            }
            e = &s->table[home]; /* full: the newcomer replaces what lives at its home slot */
        } else {
            s->used++;
        }
    }
    e->key = key;
    e->used = 1;
    e->depth = (int8_t)depth;
    e->bound = (uint8_t)bound;
    e->score = score;
    e->move = move;
}

static double to_table(double score, int ply) {
    if (score > MATE_BOUND) return score + ply;
    if (score < -MATE_BOUND) return score - ply;
    return score;
}

static double from_table(double score, int ply) {
    if (score > MATE_BOUND) return score - ply;
    if (score < -MATE_BOUND) return score + ply;
    return score;
}

/* _count_node: 1 when the budget or the time cap is spent (then everything unwinds). */
static int count_node(lcs_searcher *s) {
    int64_t nodes = ++s->nodes;
    if (s->budget >= 0 && nodes > s->budget) {
        s->stopped = LCS_STOP_NODES;
        return 1;
    }
    if (s->limit > 0 && nodes % TIME_CHECK_EVERY == 0 && seconds_since(&s->started) > s->limit) {
        s->stopped = LCS_STOP_TIME;
        return 1;
    }
    return 0;
}

static int line_push(lcs_searcher *s, uint64_t key) {
    if (lc_history_push(&s->line, key) == 0) return 0;
    s->failed = 1;
    s->stopped = LCS_STOP_NODES;
    return 1;
}

static double negamax(lcs_searcher *s, lc_position *p, int depth, double alpha, double beta, int ply);

/* _quiesce */
static double quiesce(lcs_searcher *s, lc_position *p, double alpha, double beta, int ply, int plies_left) {
    if (count_node(s)) return 0.0;
    shot_table own;
    int own_built = 0;
    /* A value keyed by the position (its key with value_key 0 marking an empty slot: key 0 is then
     * never cached): the same value the evaluation would give, only not computed again. */
    size_t slot = (size_t)(p->key * 0x9E3779B97F4A7C15ull >> 48) & (VALUE_SLOTS - 1);
    double stand;
    if (p->key && s->value_key[slot] == p->key) {
        stand = s->value[slot];
    } else {
        stand = evaluate_with(p, &own);
        own_built = 1;
        s->value_key[slot] = p->key;
        s->value[slot] = stand;
    }
    if (stand >= beta || plies_left <= 0) return stand;
    double best = stand;
    if (stand > alpha) alpha = stand;
    lc_move noisy[LC_MAX_MOVES];
    double gains[LC_MAX_MOVES];
    if (!own_built) {
        squares occ = occupancy(p->board);
        shot_table_build(&own, p->board, &occ, p->turn);
    }
    int n = noisy_from(&own, p, noisy, gains), me = p->turn;
    for (int i = 0; i < n; i++) {
        lc_undo undo;
        double score;
        lc_make(p, noisy[i], &undo);
        if (p->over) {
            if (count_node(s)) {
                lc_unmake(p, &undo);
                return 0.0;
            }
            double result = p->winner < 0 ? 0.0 : (p->winner == me ? 1.0 : -1.0);
            score = result != 0.0 ? result * (MATE - ply - 1) : 0.0;
        } else {
            score = -quiesce(s, p, -beta, -alpha, ply + 1, plies_left - 1);
        }
        lc_unmake(p, &undo);
        if (s->stopped) return 0.0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
}

/* _child_score: ``p`` is the child (its key already on the line), ``me`` who moved into it. */
static double child_score(lcs_searcher *s, lc_position *p, int me, int depth, double alpha, double beta, int ply) {
    if (p->over) {
        if (count_node(s)) return 0.0;
        double result = p->winner < 0 ? 0.0 : (p->winner == me ? 1.0 : -1.0);
        return result != 0.0 ? result * (MATE - ply) : 0.0;
    }
    if (depth <= 0) return -quiesce(s, p, -beta, -alpha, ply, s->quiescence);
    return -negamax(s, p, depth, -beta, -alpha, ply);
}

static int contains(const lc_move *moves, int n, lc_move m) {
    for (int i = 0; i < n; i++)
        if (moves[i] == m) return 1;
    return 0;
}

/* _ordered: hash move, noisy moves, killers, then the rest by history (stable over the game's order).
 * Returns the count; noisy_count gets how many of the first moves are noisy (for _remember_cutoff). */
static int ordered_moves(lcs_searcher *s, const lc_position *p, lc_move hash_move, int ply, lc_move *out,
                         lc_move *noisy, int *noisy_count) {
    shot_table t;
    lc_move ordered[LC_MAX_MOVES];
    double gains[LC_MAX_MOVES];
    squares occ = occupancy(p->board);
    shot_table_build(&t, p->board, &occ, p->turn);
    int n = lc_legal(p, &s->line, ordered);
    shot_gains(&t, ordered, n, gains);
    sort_by_key(ordered, gains, n);
    int noisy_n = noisy_from(&t, p, noisy, gains);
    *noisy_count = noisy_n;
    int first = 0;
    if (hash_move != LC_NO_MOVE && contains(ordered, n, hash_move)) out[first++] = hash_move;
    for (int i = 0; i < noisy_n; i++)
        if (noisy[i] != hash_move) out[first++] = noisy[i];
    if (ply < LCS_MAX_PLY)
        for (int k = 0; k < s->killer_count[ply]; k++) {
            lc_move killer = s->killers[ply][k];
            if (!contains(out, first, killer) && contains(ordered, n, killer)) out[first++] = killer;
        }
    int total = first;
    for (int i = 0; i < n; i++)
        if (!contains(out, first, ordered[i])) {
            out[total] = ordered[i];
            gains[total] = (double)s->history[ordered[i]];
            total++;
        }
    merge_sort_by_key(out + first, gains + first, total - first);
    return total;
}

static int contains_key(const uint64_t *keys, int n, uint64_t key) {
    for (int i = 0; i < n; i++)
        if (keys[i] == key) return 1;
    return 0;
}

static void remember_cutoff(lcs_searcher *s, lc_move m, int depth, int ply) {
    if (ply < LCS_MAX_PLY) {
        lc_move *killers = s->killers[ply];
        int count = s->killer_count[ply];
        if (!contains(killers, count, m)) {
            killers[1] = killers[0];
            killers[0] = m;
            s->killer_count[ply] = (uint8_t)(count < 2 ? count + 1 : 2);
        }
    }
    s->history[m] += (int64_t)depth * depth;
}

/* _negamax; the current position's key is the line's last entry. */
static double negamax(lcs_searcher *s, lc_position *p, int depth, double alpha, double beta, int ply) {
    if (count_node(s)) return 0.0;
    if (lc_repetitions(p, &s->line) >= 2) return 0.0; /* it occurred earlier in the game or the line */
    uint64_t key = p->key;
    lc_move hash_move = LC_NO_MOVE;
    table_entry *entry = table_find(s, key);
    if (entry) {
        hash_move = entry->move;
        if (entry->depth >= depth) {
            double score = from_table(entry->score, ply);
            int bound = entry->bound;
            if (bound == EXACT || (bound == LOWER && score >= beta) || (bound == UPPER && score <= alpha)) return score;
        }
    }
    int me = p->turn;
    double original_alpha = alpha, best_score = -INFINITY;
    lc_move best_move = LC_NO_MOVE;
    lc_move moves[LC_MAX_MOVES], noisy[LC_MAX_MOVES];
    int noisy_count;
    int n = ordered_moves(s, p, hash_move, ply, moves, noisy, &noisy_count);
    for (int i = 0; i < n; i++) {
        lc_undo undo;
        lc_make(p, moves[i], &undo);
        if (line_push(s, p->key)) {
            lc_unmake(p, &undo);
            return 0.0;
        }
        double score = child_score(s, p, me, depth - 1, alpha, beta, ply + 1);
        s->line.length--;
        lc_unmake(p, &undo);
        if (s->stopped) return 0.0;
        if (score > best_score) {
            best_score = score;
            best_move = moves[i];
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) {
                    if (!contains(noisy, noisy_count, moves[i])) remember_cutoff(s, moves[i], depth, ply);
                    break;
                }
            }
        }
    }
    int bound = best_score <= original_alpha ? UPPER : best_score >= beta ? LOWER : EXACT;
    table_store(s, key, depth, bound, to_table(best_score, ply), best_move);
    return best_score;
}

/* _root: one iteration. *root_best is the best fully searched move so far (LC_NO_MOVE: none yet);
 * lost[i] marks the root moves this iteration proved lost. */
static void root_search(lcs_searcher *s, lc_position *p, const lc_move *root_moves, int n, int depth,
                        lc_move *root_best, double *root_best_score, uint8_t *lost) {
    if (count_node(s)) return;
    int me = p->turn;
    double alpha = -INFINITY, beta = INFINITY, best_score = -INFINITY;
    lc_move best_move = root_moves[0];
    for (int i = 0; i < n; i++) {
        lc_undo undo;
        lc_make(p, root_moves[i], &undo);
        if (line_push(s, p->key)) {
            lc_unmake(p, &undo);
            return;
        }
        double score = child_score(s, p, me, depth - 1, alpha, beta, 1);
        s->line.length--;
        lc_unmake(p, &undo);
        if (s->stopped) return;
        if (score < -MATE_BOUND) lost[i] = 1; /* exact, or an upper bound: lost either way */
        if (score > best_score) {
            best_score = score;
            best_move = root_moves[i];
            *root_best = best_move;
            *root_best_score = score;
            if (score > alpha) alpha = score;
        }
    }
    table_store(s, p->key, depth, EXACT, best_score, best_move);
}

static void reset(lcs_searcher *s) {
    memset(s->table, 0, s->slots * sizeof *s->table);
    s->used = 0;
    memset(s->history, 0, sizeof s->history);
    memset(s->killer_count, 0, sizeof s->killer_count); /* the value cache stays: values never change */
    s->nodes = 0;
    s->stopped = 0;
    s->failed = 0;
}

int lcs_search(lcs_searcher *s, const lc_position *root, const lc_history *history,
               const lc_move *root_moves, int root_count, int max_depth, int min_depth,
               int64_t max_nodes, double seconds, double spent, int quiescence, lcs_report *out) {
    clock_gettime(CLOCK_MONOTONIC, &s->started);
    reset(s);
    s->limit = seconds > 0 ? seconds - spent : 0.0;
    if (seconds > 0 && s->limit <= 0) s->limit = 1e-9; /* already spent: stop at the first clock look */
    s->quiescence = quiescence;
    if (lc_history_copy(&s->line, history) != 0) return -1;
    if (s->line.length == 0 && lc_history_push(&s->line, root->key) != 0) return -1;
    lc_move order[LC_MAX_MOVES];
    uint8_t lost[LC_MAX_MOVES];
    if (root_count > LC_MAX_MOVES) root_count = LC_MAX_MOVES;
    memcpy(order, root_moves, (size_t)root_count * sizeof *order);
    lc_position position = *root;
    lc_move best_move = root_count ? order[0] : LC_NO_MOVE;
    double best_score = -INFINITY;
    int depth_done = 0, stopped = LCS_STOP_DEPTH;
    if (min_depth > max_depth) min_depth = max_depth;
    for (int depth = 1; depth <= max_depth && root_count; depth++) {
        s->budget = depth <= min_depth ? -1 : max_nodes;
        lc_move root_best = LC_NO_MOVE;
        double root_best_score = -INFINITY;
        memset(lost, 0, sizeof lost);
        root_search(s, &position, order, root_count, depth, &root_best, &root_best_score, lost);
        if (s->failed) return -1;
        if (s->stopped) {
            stopped = s->stopped;
            if (root_best != LC_NO_MOVE) { /* the first (previous best) move was searched in full */
                int unproven = -1;
                for (int i = 0; i < root_count && unproven < 0; i++)
                    if (!lost[i]) unproven = i;
                if (root_best_score >= -MATE_BOUND || unproven < 0) {
                    best_move = root_best;
                    best_score = root_best_score;
                } else { /* the best searched move is proven lost: play the first that is not */
                    best_move = order[unproven];
                }
            }
            break;
        }
        /* the iteration completed: its best is root_best (the first move always sets it) */
        best_move = root_best;
        best_score = root_best_score;
        depth_done = depth;
        int at = 0;
        while (order[at] != best_move) at++;
        memmove(order + 1, order, (size_t)at * sizeof *order);
        order[0] = best_move;
        if (fabs(best_score) > MATE_BOUND) {
            stopped = LCS_STOP_DECIDED;
            break;
        }
    }
    out->move = best_move;
    out->score = best_score;
    out->depth = depth_done;
    out->nodes = s->nodes;
    out->seconds = seconds_since(&s->started);
    out->stopped = stopped;
    return 0;
}

int lcs_principal_variation(lcs_searcher *s, const lc_position *root, const lc_history *history,
                            lc_move first, int plies, lc_move *out) {
    if (plies < 1) return 0;
    lc_history line = {0};
    if (lc_history_copy(&line, history) != 0) return 0;
    lc_position p = *root;
    int n = 0;
    uint64_t seen[LCS_MAX_PLY + 1];
    int seen_count = 0;
    seen[seen_count++] = p.key;
    out[n++] = first;
    lc_make(&p, first, NULL);
    lc_history_push(&line, p.key);
    while (n < plies && n < LCS_MAX_PLY && !p.over) {
        table_entry *entry = table_find(s, p.key);
        if (!entry || entry->move == LC_NO_MOVE || contains_key(seen, seen_count, p.key)) break;
        lc_move legal[LC_MAX_MOVES];
        int count = lc_legal(&p, &line, legal);
        if (!contains(legal, count, entry->move)) break;
        seen[seen_count++] = p.key;
        out[n++] = entry->move;
        lc_make(&p, entry->move, NULL);
        lc_history_push(&line, p.key);
    }
    lc_history_free(&line);
    return n;
}
