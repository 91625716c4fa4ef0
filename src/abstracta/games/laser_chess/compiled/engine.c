/* Laser Chess compiled core (engine.h): the rules of rules.py / board.py in C11.
 *
 * Every table here is built in lc_init from the same definitions as board.py; the
 * differential tests (tests/games/laser_chess/test_compiled_engine.py) hold the two equal.
 */
#include "engine.h"

#include <stdlib.h>
#include <string.h>

/* -- tables ------------------------------------------------------------------------------------- */
static int initialised;
static int8_t NEIGHBOUR_COUNT[LC_SQUARES];
static uint8_t NEIGHBOUR[LC_SQUARES][8]; /* in index (= name) order */
static uint8_t OPEN_TO[2][LC_SQUARES];
static int8_t NEXT[LC_SQUARES][4];       /* the next square in direction n e s w, or -1 */
static int8_t REACTION[LC_CODES][4];     /* new direction, or LC_STOP_* */
static uint8_t ROTATED[LC_CODES][3];     /* [code][LC_PLUS or LC_MINUS]: the turned piece, 0 none */
static uint8_t SWAP_INTO[LC_SQUARES][LC_CODES];
static uint8_t VALID[LC_CODES];
static uint64_t ZOBRIST[LC_SQUARES][LC_CODES];
static uint64_t ZOBRIST_RED;
static const int8_t STEP_FILE[8] = {0, 1, 1, 1, 0, -1, -1, -1}; /* n ne e se s sw w nw */
static const int8_t STEP_RANK[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int LASER_SQUARE[2] = {9 * 8 + 0, 0 * 8 + 7}; /* j1, a8 */
/* Closed squares (§2.2): Blue a1..a7 i1 i8; Red j2..j8 b1 b8. */
static const char *const CLOSED[2] = {"a1a2a3a4a5a6a7i1i8", "j2j3j4j5j6j7j8b1b8"};
static float CLOSED_PLANE[2][LC_RANKS * LC_FILES];
/* Direction (0..7 as STEP_*) of a step from square a to its neighbour b. */
static int8_t DIRECTION_OF[LC_SQUARES][LC_SQUARES];

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int square_at(int file, int rank) {
    return (file >= 0 && file < LC_FILES && rank >= 0 && rank < LC_RANKS) ? file * LC_RANKS + rank : -1;
}

static int valid_code(int code) {
    if (code < 1 || code >= LC_CODES) return 0;
    int kind = LC_KIND_OF(code), facing = LC_FACING_OF(code);
    static const int facings[5] = {4, 1, 2, 4, 4};
    return facing < facings[kind];
}

static int reaction(int code, int d) {
    int kind = LC_KIND_OF(code), facing = LC_FACING_OF(code);
    int face = (d + 2) & 3; /* the face the beam strikes */
    static const int diag_faces[4][2] = {{0, 1}, {2, 1}, {2, 3}, {0, 3}}; /* ne se sw nw: (vertical, horizontal) */
    static const int switch_reflect[2][4] = {{1, 0, 3, 2}, {3, 2, 1, 0}};
    switch (kind) {
    case LC_LASER: return LC_STOP_LASER;
    case LC_KING: return LC_STOP_REMOVED;
    case LC_DEFENDER: return face == facing ? LC_STOP_BLOCKED : LC_STOP_REMOVED;
    case LC_DEFLECTOR:
        if (face == diag_faces[facing][0]) return diag_faces[facing][1];
        if (face == diag_faces[facing][1]) return diag_faces[facing][0];
        return LC_STOP_REMOVED;
    default: return switch_reflect[facing][d];
    }
}

void lc_init(void) {
    if (initialised) return;
    memset(DIRECTION_OF, -1, sizeof DIRECTION_OF);
    for (int sq = 0; sq < LC_SQUARES; sq++) {
        int file = sq / LC_RANKS, rank = sq % LC_RANKS, count = 0;
        uint8_t found[8];
        for (int k = 0; k < 8; k++) {
            int to = square_at(file + STEP_FILE[k], rank + STEP_RANK[k]);
            if (to >= 0) {
                found[count++] = (uint8_t)to;
                DIRECTION_OF[sq][to] = (int8_t)k;
            }
        }
        for (int i = 1; i < count; i++) /* insertion sort: name order */
            for (int j = i; j > 0 && found[j - 1] > found[j]; j--) {
                uint8_t t = found[j];
                found[j] = found[j - 1];
                found[j - 1] = t;
            }
        memcpy(NEIGHBOUR[sq], found, (size_t)count);
        NEIGHBOUR_COUNT[sq] = (int8_t)count;
        for (int d = 0; d < 4; d++) NEXT[sq][d] = (int8_t)square_at(file + STEP_FILE[2 * d], rank + STEP_RANK[2 * d]);
    }
    for (int c = 0; c < 2; c++) {
        for (int sq = 0; sq < LC_SQUARES; sq++) OPEN_TO[c][sq] = 1;
        for (const char *s = CLOSED[c]; *s; s += 2) {
            int sq = (s[0] - 'a') * LC_RANKS + (s[1] - '1');
            OPEN_TO[c][sq] = 0;
            CLOSED_PLANE[c][(LC_RANKS - 1 - (s[1] - '1')) * LC_FILES + (s[0] - 'a')] = 1.0f;
        }
    }
    for (int code = 1; code < LC_CODES; code++) {
        VALID[code] = (uint8_t)valid_code(code);
        if (!VALID[code]) continue;
        int colour = LC_COLOUR_OF(code), kind = LC_KIND_OF(code), facing = LC_FACING_OF(code);
        for (int d = 0; d < 4; d++) REACTION[code][d] = (int8_t)reaction(code, d);
        if (kind == LC_DEFLECTOR || kind == LC_DEFENDER) {
            ROTATED[code][LC_PLUS] = (uint8_t)LC_CODE(colour, kind, (facing + 1) % 4);
            ROTATED[code][LC_MINUS] = (uint8_t)LC_CODE(colour, kind, (facing + 3) % 4);
        } else if (kind == LC_SWITCH) {
            ROTATED[code][LC_PLUS] = (uint8_t)LC_CODE(colour, kind, facing ^ 1);
        } else if (kind == LC_LASER) {
            /* Blue's Laser points n or w, Red's s or e: the one sign that reaches the other. */
            int a = colour == LC_BLUE ? 0 : 2, b = colour == LC_BLUE ? 3 : 1;
            if (facing == a || facing == b) {
                int other = facing == a ? b : a;
                ROTATED[code][(facing + 1) % 4 == other ? LC_PLUS : LC_MINUS] = (uint8_t)LC_CODE(colour, kind, other);
            }
        }
    }
    for (int sq = 0; sq < LC_SQUARES; sq++)
        for (int code = 1; code < LC_CODES; code++) {
            int kind = LC_KIND_OF(code);
            SWAP_INTO[sq][code] = (uint8_t)(VALID[code] && (kind == LC_DEFLECTOR || kind == LC_DEFENDER) &&
                                            OPEN_TO[LC_COLOUR_OF(code)][sq]);
        }
    uint64_t seed = 20261121u;
    for (int sq = 0; sq < LC_SQUARES; sq++)
        for (int code = 1; code < LC_CODES; code++) ZOBRIST[sq][code] = splitmix(&seed);
    ZOBRIST_RED = splitmix(&seed);
    initialised = 1;
}

/* -- positions ---------------------------------------------------------------------------------- */
static uint64_t key_of(const uint8_t *board, int turn) {
    uint64_t key = turn == LC_RED ? ZOBRIST_RED : 0;
    for (int sq = 0; sq < LC_SQUARES; sq++)
        if (board[sq]) key ^= ZOBRIST[sq][board[sq]];
    return key;
}

void lc_set(lc_position *p, const uint8_t *board, int turn, int plies, int ply_limit) {
    lc_init();
    memset(p, 0, sizeof *p);
    memcpy(p->board, board, LC_SQUARES);
    p->turn = (uint8_t)turn;
    p->plies = plies;
    p->ply_limit = ply_limit;
    p->key = key_of(board, turn);
    p->shot_mover = -1;
    p->shot_square = -1;
    int kings = 0, king_colour = -1;
    for (int sq = 0; sq < LC_SQUARES; sq++)
        if (board[sq] && LC_KIND_OF(board[sq]) == LC_KING) {
            kings++;
            king_colour = LC_COLOUR_OF(board[sq]);
        }
    p->winner = (int8_t)(kings == 1 ? king_colour : -1);
    if (p->winner >= 0) {
        p->over = 1;
        p->end = LC_END_KING;
    } else if (plies == ply_limit) {
        p->over = 1;
        p->end = LC_END_TURN_LIMIT;
    }
}

/* -- moves -------------------------------------------------------------------------------------- */
int lc_generate(const lc_position *p, lc_move *out) {
    if (p->over) return 0;
    const uint8_t *board = p->board;
    const uint8_t *open = OPEN_TO[p->turn];
    int n = 0, lo = p->turn == LC_BLUE ? 1 : 21, hi = lo + 20;
    for (int sq = 0; sq < LC_SQUARES; sq++) {
        int code = board[sq];
        if (code < lo || code >= hi) continue;
        if (ROTATED[code][LC_PLUS]) out[n++] = LC_MOVE(sq, sq, LC_PLUS);
        if (ROTATED[code][LC_MINUS]) out[n++] = LC_MOVE(sq, sq, LC_MINUS);
        int kind = LC_KIND_OF(code);
        if (kind == LC_LASER) continue;
        const uint8_t *neighbours = NEIGHBOUR[sq];
        int count = NEIGHBOUR_COUNT[sq];
        if (kind == LC_SWITCH) {
            const uint8_t *swap_ok = SWAP_INTO[sq];
            for (int i = 0; i < count; i++) {
                int to = neighbours[i], other = board[to];
                if (open[to] && (!other || swap_ok[other])) out[n++] = LC_MOVE(sq, to, 0);
            }
        } else {
            for (int i = 0; i < count; i++) {
                int to = neighbours[i];
                if (open[to] && !board[to]) out[n++] = LC_MOVE(sq, to, 0);
            }
        }
    }
    return n;
}

int lc_repetitions(const lc_position *p, const lc_history *history) {
    if (!history || history->length < 1) return 1;
    int count = 1;
    const uint64_t *keys = history->keys;
    int last = history->length - 1;
    /* Only positions with the same side to move (every second entry) and no removal since can match. */
    for (int k = 1; k <= p->quiet / 2 && last - 2 * k >= 0; k++)
        if (keys[last - 2 * k] == p->key) count++;
    return count;
}

int lc_legal(const lc_position *p, const lc_history *history, lc_move *out) {
    int n = lc_generate(p, out);
    if (n && history && p->quiet >= 4 && lc_repetitions(p, history) >= 3) {
        /* "draw" sorts after every move from a d-file square ("d8..." < "draw" < "e1...") */
        int at = 0;
        while (at < n && LC_MOVE_FROM(out[at]) < 4 * LC_RANKS) at++;
        memmove(out + at + 1, out + at, (size_t)(n - at) * sizeof *out);
        out[at] = LC_DRAW;
        n++;
    }
    return n;
}

void lc_make(lc_position *p, lc_move m, lc_undo *undo) {
    if (undo) undo->before = *p;
    if (m == LC_DRAW) { /* §5 step 2: the same position, over as a draw; no shot */
        p->over = 1;
        p->end = LC_END_REPETITION;
        p->shot_mover = -1;
        p->shot_square = -1;
        p->shot_code = 0;
        return;
    }
    uint8_t *board = p->board;
    int from = LC_MOVE_FROM(m), to = LC_MOVE_TO(m), rotation = LC_MOVE_ROTATION(m);
    int piece = board[from];
    uint64_t key = p->key ^ ZOBRIST_RED;
    if (rotation) {
        int turned = ROTATED[piece][rotation];
        board[from] = (uint8_t)turned;
        key ^= ZOBRIST[from][piece] ^ ZOBRIST[from][turned];
    } else { /* step or swap: the two squares exchange contents (a step's target is empty) */
        int other = board[to];
        board[from] = (uint8_t)other;
        board[to] = (uint8_t)piece;
        key ^= ZOBRIST[from][piece] ^ ZOBRIST[to][piece];
        if (other) key ^= ZOBRIST[to][other] ^ ZOBRIST[from][other];
    }
    /* The shot (§7): follow the beam to the next piece, then one table lookup decides. */
    int mover = p->turn, sq = LASER_SQUARE[mover];
    int d = LC_FACING_OF(board[sq]);
    int removed_square = -1, removed = 0;
    for (;;) {
        sq = NEXT[sq][d];
        while (sq >= 0 && !board[sq]) sq = NEXT[sq][d];
        if (sq < 0) break;
        int r = REACTION[board[sq]][d];
        if (r >= 0) {
            d = r;
            continue;
        }
        if (r == LC_STOP_REMOVED) {
            removed_square = sq;
            removed = board[sq];
            board[sq] = 0;
            key ^= ZOBRIST[sq][removed];
        }
        break;
    }
    p->key = key;
    p->turn = (uint8_t)(mover ^ 1);
    p->plies++;
    p->shot_mover = (int8_t)mover;
    p->shot_square = (int8_t)removed_square;
    p->shot_code = (uint8_t)removed;
    if (removed) {
        p->quiet = 0;
        if (LC_KIND_OF(removed) == LC_KING) {
            p->winner = (int8_t)(LC_COLOUR_OF(removed) ^ 1);
            p->over = 1;
            p->end = LC_END_KING;
            return;
        }
    } else {
        p->quiet++;
    }
    if (p->plies == p->ply_limit) {
        p->over = 1;
        p->end = LC_END_TURN_LIMIT;
    }
}

void lc_unmake(lc_position *p, const lc_undo *undo) { *p = undo->before; }

int lc_history_push(lc_history *history, uint64_t key) {
    if (history->length == history->capacity) {
        int32_t capacity = history->capacity ? history->capacity * 2 : 64;
        uint64_t *keys = realloc(history->keys, (size_t)capacity * sizeof *keys);
        if (!keys) return -1;
        history->keys = keys;
        history->capacity = capacity;
    }
    history->keys[history->length++] = key;
    return 0;
}

void lc_history_free(lc_history *history) {
    free(history->keys);
    history->keys = NULL;
    history->length = history->capacity = 0;
}

int lc_history_copy(lc_history *to, const lc_history *from) {
    int32_t capacity = from->length > 64 ? from->length : 64;
    uint64_t *keys = realloc(to->keys, (size_t)capacity * sizeof *keys);
    if (!keys) return -1;
    if (from->length) memcpy(keys, from->keys, (size_t)from->length * sizeof *keys);
    to->keys = keys;
    to->capacity = capacity;
    to->length = from->length;
    return 0;
}

uint64_t lc_key(const uint8_t *board, int turn) {
    lc_init();
    return key_of(board, turn);
}

/* -- the laser ------------------------------------------------------------------------------------ */
int lc_fire(const uint8_t *board, int colour, uint8_t *path, int *path_length, int *struck) {
    lc_init();
    int sq = LASER_SQUARE[colour], d = LC_FACING_OF(board[sq]), n = 0, stop = LC_STOP_EDGE;
    *struck = -1;
    for (;;) {
        sq = NEXT[sq][d];
        while (sq >= 0 && !board[sq]) {
            if (path) path[n] = (uint8_t)sq;
            n++;
            sq = NEXT[sq][d];
        }
        if (sq < 0) break;
        if (path) path[n] = (uint8_t)sq;
        n++;
        int r = REACTION[board[sq]][d];
        if (r >= 0) {
            d = r;
            continue;
        }
        stop = r;
        *struck = sq;
        break;
    }
    if (path_length) *path_length = n;
    return stop;
}

/* -- the ending ----------------------------------------------------------------------------------- */
void lc_returns(const lc_position *p, float *out) {
    out[0] = out[1] = 0.0f;
    if (p->winner >= 0) {
        out[p->winner] = 1.0f;
        out[p->winner ^ 1] = -1.0f;
    }
}

/* -- notation ------------------------------------------------------------------------------------- */
static int square_name(int sq, char *out) {
    out[0] = (char)('a' + sq / LC_RANKS);
    out[1] = (char)('1' + sq % LC_RANKS);
    return 2;
}

int lc_move_name(lc_move m, char *out) {
    if (m == LC_DRAW) {
        memcpy(out, "draw", 5);
        return 4;
    }
    int n = square_name(LC_MOVE_FROM(m), out);
    int rotation = LC_MOVE_ROTATION(m);
    if (rotation) {
        out[n++] = rotation == LC_PLUS ? '+' : '-';
    } else {
        out[n++] = '-';
        n += square_name(LC_MOVE_TO(m), out + n);
    }
    out[n] = 0;
    return n;
}

static int read_square(const char *s) {
    if (s[0] < 'a' || s[0] > 'j' || s[1] < '1' || s[1] > '8') return -1;
    return (s[0] - 'a') * LC_RANKS + (s[1] - '1');
}

lc_move lc_move_parse(const char *text) {
    lc_init();
    if (!strcmp(text, "draw")) return LC_DRAW;
    size_t length = strlen(text);
    int from = length >= 3 ? read_square(text) : -1;
    if (from < 0) return LC_NO_MOVE;
    if (length == 3) return text[2] == '+' ? LC_MOVE(from, from, LC_PLUS)
                            : text[2] == '-' ? LC_MOVE(from, from, LC_MINUS) : LC_NO_MOVE;
    if (length != 5 || text[2] != '-') return LC_NO_MOVE;
    int to = read_square(text + 3);
    if (to < 0 || DIRECTION_OF[from][to] < 0) return LC_NO_MOVE;
    return LC_MOVE(from, to, 0);
}

static const char *const KIND_LETTERS[2] = {"LKSDB", "lksdb"};
static const char *const FACING_TEXT[5][4] = {
    {"n", "e", "s", "w"}, {"", "", "", ""}, {"ne", "nw", "", ""}, {"ne", "se", "sw", "nw"}, {"n", "e", "s", "w"}};

int lc_format(const lc_position *p, int with_plies, char *out) {
    int n = 0;
    for (int rank = LC_RANKS - 1; rank >= 0; rank--) {
        int run = 0;
        for (int file = 0; file < LC_FILES; file++) {
            int code = p->board[file * LC_RANKS + rank];
            if (!code) {
                run++;
                continue;
            }
            if (run) {
                if (run == 10) out[n++] = '1', out[n++] = '0';
                else out[n++] = (char)('0' + run);
                run = 0;
            }
            out[n++] = KIND_LETTERS[LC_COLOUR_OF(code)][LC_KIND_OF(code)];
            for (const char *f = FACING_TEXT[LC_KIND_OF(code)][LC_FACING_OF(code)]; *f; f++) out[n++] = *f;
        }
        if (run == 10) out[n++] = '1', out[n++] = '0';
        else if (run) out[n++] = (char)('0' + run);
        if (rank) out[n++] = '/';
    }
    out[n++] = ' ';
    out[n++] = p->turn == LC_BLUE ? 'b' : 'r';
    if (with_plies) {
        char digits[12];
        int k = 0, plies = p->plies;
        do digits[k++] = (char)('0' + plies % 10), plies /= 10;
        while (plies);
        out[n++] = ' ';
        while (k) out[n++] = digits[--k];
    }
    out[n] = 0;
    return n;
}

int lc_parse(const char *text, int ply_limit, lc_position *out) {
    lc_init();
    uint8_t board[LC_SQUARES] = {0};
    int rank = LC_RANKS - 1, file = 0;
    const char *s = text;
    for (; *s && *s != ' '; s++) {
        char c = *s;
        if (c == '/') {
            if (file != LC_FILES || rank == 0) return -1;
            rank--;
            file = 0;
        } else if (c >= '1' && c <= '9') {
            int run = c - '0';
            if (c == '1' && s[1] == '0') run = 10, s++;
            file += run;
            if (file > LC_FILES) return -1;
        } else {
            int colour = -1, kind = -1;
            for (int k = 0; k < 5; k++)
                for (int col = 0; col < 2; col++)
                    if (KIND_LETTERS[col][k] == c) colour = col, kind = k;
            if (kind < 0 || file >= LC_FILES) return -1;
            int facing = -1;
            for (int f = 0; f < 4 && facing < 0; f++) {
                const char *t = FACING_TEXT[kind][f];
                size_t len = strlen(t);
                if ((len || (kind == LC_KING && f == 0)) && !strncmp(s + 1, t, len)) facing = f, s += len;
            }
            if (facing < 0) return -1;
            board[file * LC_RANKS + rank] = (uint8_t)LC_CODE(colour, kind, facing);
            file++;
        }
    }
    if (rank != 0 || file != LC_FILES || *s != ' ') return -1;
    s++;
    if ((*s != 'b' && *s != 'r')) return -1;
    int turn = *s == 'r';
    s++;
    int plies = 0;
    if (*s == ' ') {
        s++;
        if (!*s) return -1;
        for (; *s >= '0' && *s <= '9'; s++) plies = plies * 10 + (*s - '0');
    }
    if (*s) return -1;
    lc_set(out, board, turn, plies, ply_limit);
    return 0;
}

/* -- observations and action numbers (games/laser_chess/rl.py) ------------------------------------ */
void lc_observe(const lc_position *p, int observer, int turned, float *out) {
    const int cells = LC_RANKS * LC_FILES;
    memset(out, 0, sizeof(float) * LC_OBSERVATION);
    for (int sq = 0; sq < LC_SQUARES; sq++) {
        int code = p->board[sq];
        if (!code) continue;
        int file = sq / LC_RANKS, rank = sq % LC_RANKS;
        int cell = turned ? rank * LC_FILES + (LC_FILES - 1 - file) : (LC_RANKS - 1 - rank) * LC_FILES + file;
        int kind = LC_KIND_OF(code), facing = LC_FACING_OF(code);
        out[(kind + (LC_COLOUR_OF(code) == observer ? 0 : 5)) * cells + cell] = 1.0f;
        int plane;
        switch (kind) {
        case LC_KING: continue;
        case LC_SWITCH: plane = facing ? 17 : 14; break; /* a mirror line survives the half turn */
        case LC_DEFLECTOR: plane = 14 + (turned ? (facing + 2) & 3 : facing); break;
        default: plane = 10 + (turned ? (facing + 2) & 3 : facing); break;
        }
        out[plane * cells + cell] = 1.0f;
    }
    /* a half turn carries each colour's closed squares onto the other colour's */
    memcpy(out + 18 * cells, CLOSED_PLANE[turned ? 1 - observer : observer], sizeof(float) * cells);
    memcpy(out + 19 * cells, CLOSED_PLANE[turned ? observer : 1 - observer], sizeof(float) * cells);
    if (p->turn == observer)
        for (int i = 0; i < cells; i++) out[20 * cells + i] = 1.0f;
    if (p->ply_limit > 0) {
        float value = (float)((double)p->plies / (double)p->ply_limit);
        for (int i = 0; i < cells; i++) out[21 * cells + i] = value;
    }
}

int lc_action_of(lc_move m, int player, int oriented) {
    if (m == LC_DRAW) return LC_ACTION_DRAW;
    int from = LC_MOVE_FROM(m), rotation = LC_MOVE_ROTATION(m);
    int k = rotation ? 7 + rotation : DIRECTION_OF[from][LC_MOVE_TO(m)];
    if (oriented && player == LC_RED) {
        from = LC_SQUARES - 1 - from; /* the half turn: file 9 - f, rank 7 - r */
        if (k < 8) k = (k + 4) & 7;
    }
    return from * 10 + k;
}

lc_move lc_move_of_action(int action, int player, int oriented) {
    lc_init();
    if (action == LC_ACTION_DRAW) return LC_DRAW;
    if (action < 0 || action >= LC_ACTION_DRAW) return LC_NO_MOVE;
    int from = action / 10, k = action % 10;
    if (oriented && player == LC_RED) {
        from = LC_SQUARES - 1 - from;
        if (k < 8) k = (k + 4) & 7;
    }
    if (k >= 8) return LC_MOVE(from, from, k - 7);
    int to = square_at(from / LC_RANKS + STEP_FILE[k], from % LC_RANKS + STEP_RANK[k]);
    return to < 0 ? LC_NO_MOVE : LC_MOVE(from, to, 0);
}

/* -- perft ---------------------------------------------------------------------------------------- */
static uint64_t perft(lc_position *p, lc_history *history, int depth) {
    if (depth <= 0 || p->over) return 1;
    lc_move moves[LC_MAX_MOVES];
    int n = lc_legal(p, history, moves);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    lc_undo undo;
    for (int k = 0; k < n; k++) {
        lc_make(p, moves[k], &undo);
        int32_t length = history->length;
        if (lc_history_push(history, p->key) < 0) return 0;
        total += perft(p, history, depth - 1);
        history->length = length;
        lc_unmake(p, &undo);
    }
    return total;
}

uint64_t lc_perft(lc_position *p, lc_history *history, int depth) {
    lc_init();
    return perft(p, history, depth);
}

/* The AND-OR search of abstracta.bots.puzzles.Prover for Laser Chess's goal (the solver's returns
 * entry positive): 1 when ``solver`` forces it from ``p`` with ``turns_left`` of its turns still to
 * begin, 0 when not, -1 when out of memory. Every ply is a new turn in Laser Chess. */
static int forced_win(lc_position *p, lc_history *history, int solver, int turns_left) {
    if (p->over) {
        float returns[2];
        lc_returns(p, returns);
        return returns[solver] > 0.0f;
    }
    int mine = p->turn == solver;
    if (turns_left == 0) return 0;
    if (mine) turns_left--;
    lc_move moves[LC_MAX_MOVES];
    int n = lc_legal(p, history, moves);
    lc_undo undo;
    for (int k = 0; k < n; k++) {
        lc_make(p, moves[k], &undo);
        int32_t length = history->length;
        int found = lc_history_push(history, p->key) < 0 ? -1 : forced_win(p, history, solver, turns_left);
        history->length = length;
        lc_unmake(p, &undo);
        if (found < 0) return -1;
        if (mine && found) return 1;   /* one move of the solver's is enough */
        if (!mine && !found) return 0; /* one reply of the rival's refutes */
    }
    return !mine;
}

int lc_forced_win(lc_position *p, lc_history *history, int solver, int turns_left) {
    lc_init();
    return forced_win(p, history, solver, turns_left);
}
