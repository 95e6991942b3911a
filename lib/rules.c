/* rules.c — legality and scoring of one move (see rules.h). The move is first resolved to the
 * squares it fills (placement), then checked rule by rule in a fixed order, so that the reason
 * given is the first rule broken, then scored. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal/score.h"
#include "skrab/error.h"
#include "skrab/rules.h"

void sk_rules_init(sk_rules *out, sk_ruleset ruleset, const sk_board *board,
                   const sk_tileset *tiles, const sk_lexicon *lexicon)
{
    out->ruleset = ruleset;
    out->board = board;
    out->tiles = tiles;
    out->lexicon = lexicon;
    out->rack_size = 7;
    out->bingo_bonus = ruleset == SK_RULES_SKRABBKLE ? 75 : 50;
    out->exchange_min = out->rack_size;
    out->end_turns = ruleset == SK_RULES_SKRABBKLE ? 4 : 6;
    out->end_per_player = 0;
    out->end_passes_only = ruleset == SK_RULES_SKRABBKLE;
}

const char *sk_ruleset_default_board(sk_ruleset ruleset)
{
    return ruleset == SK_RULES_SKRABBKLE ? "skrabbkle" : "CrosswordGame";
}

const char *sk_ruleset_default_tiles(sk_ruleset ruleset)
{
    return ruleset == SK_RULES_SKRABBKLE ? "skrabbkle" : "english";
}

int sk_rules_turn_idles(const sk_rules *rules, sk_move_kind kind, int score)
{
    if (kind == SK_MOVE_PASS) return 1;
    return !rules->end_passes_only && score == 0;
}

int sk_rules_idle_end(const sk_rules *rules, int run, int players)
{
    int per = rules->end_per_player && players > 1 ? players : 1;
    return rules->end_turns > 0 && run >= rules->end_turns * per;
}

int sk_ruleset_from_name(const char *name, sk_ruleset *out)
{
    if (strcmp(name, "skrabbkle") == 0)
        *out = SK_RULES_SKRABBKLE;
    else if (strcmp(name, "classic") == 0)
        *out = SK_RULES_CLASSIC;
    else
        return SK_EINVAL;
    return SK_OK;
}

const char *sk_ruleset_name(sk_ruleset ruleset)
{
    return ruleset == SK_RULES_SKRABBKLE ? "skrabbkle" : "classic";
}

typedef struct {
    const sk_rules *rules;
    const sk_position *pos;
    char grid[SK_BOARD_MAX * SK_BOARD_MAX]; /* the board after the move */
    unsigned char placed[SK_BOARD_MAX * SK_BOARD_MAX];
    int w, h;
    int cs104; /* the move is in CS104 notation: squares are named as it names them */
    const sk_alphabet *alphabet; /* the tile set's */
    char *why;
    size_t why_size;
} checker;

__attribute__((format(printf, 3, 4))) static sk_illegal refuse(checker *k, sk_illegal code,
                                                               const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (k->why_size) vsnprintf(k->why, k->why_size, fmt, ap);
    va_end(ap);
    return code;
}

#define SQUARE_NAME_MAX 48

/* Names the square at 0-based ROW, COL in the coordinates of the move's notation
 * (docs/formats.md, "Moves"): "row 8, column 16" for a CS104 move (1-based, row first), else
 * "p8" (column letter, row number). */
static void square_name(const checker *k, int row, int col, char out[SQUARE_NAME_MAX])
{
    /* a square past the last column letter (or before the first row or column) has no name of
     * a letter and a number: it is said by row and column */
    if (k->cs104 || col < 0 || col >= 26 || row < 0)
        snprintf(out, SQUARE_NAME_MAX, "row %d, column %d", row + 1, col + 1);
    else
        snprintf(out, SQUARE_NAME_MAX, "%c%d", 'a' + col, (row + 1) % 100);
}

/* The label of the one tile T, for a message. */
static const char *tile_text(const checker *k, char t, char out[SK_LABEL_TEXT_MAX + 1])
{
    sk_alphabet_label(k->alphabet, (sk_tile)t, out);
    return out;
}

#define WORD_TEXT_MAX (SK_BOARD_MAX * SK_LABEL_TEXT_MAX + 1)

/* "square p8", or "the square at row 8, column 16" (see square_name). */
static const char *square_noun(const checker *k)
{
    return k->cs104 ? "the square at" : "square";
}

static int dr(sk_direction d)
{
    return d == SK_DOWN;
}
static int dc(sk_direction d)
{
    return d == SK_ACROSS;
}

static int on_board(const checker *k, int r, int c)
{
    return r >= 0 && c >= 0 && r < k->h && c < k->w;
}

/* Whether the square at R, C (on the board) is blocked (docs/formats.md, "Boards"): no tile is
 * placed there, nor can one be there already. */
static int blocked(const checker *k, int r, int c)
{
    return sk_board_square(k->rules->board, r, c)->kind == SK_SQ_BLOCKED;
}

static char at(const checker *k, int r, int c)
{
    return on_board(k, r, c) ? k->grid[r * k->w + c] : 0;
}

/* Resolves the move's squares into OUT->placed. */
static sk_illegal resolve(checker *k, const sk_move *m, sk_play *out)
{
    int r = m->row, c = m->col;
    char sq[SQUARE_NAME_MAX];
    if (m->notation == SK_NOTATION_GCG) {
        for (int i = 0; i < m->ntiles; i++, r += dr(m->dir), c += dc(m->dir)) {
            if (!on_board(k, r, c)) {
                square_name(k, r, c, sq);
                return refuse(k, SK_ILLEGAL_OFF_BOARD, "runs off the board at %s", sq);
            }
            char have = sk_position_tile(k->pos, r, c), want = m->tiles[i];
            square_name(k, r, c, sq);
            if ((want == SK_MOVE_UNNAMED || m->through[i]) && !have) {
                if (blocked(k, r, c)) /* said as for a tile placed there */
                    return refuse(k, SK_ILLEGAL_BLOCKED, "%s %s is blocked", square_noun(k), sq);
                return refuse(k, SK_ILLEGAL_MISMATCH,
                              "square %s is empty but the play marks it as on the board", sq);
            }
            if (have) {
                if (want != SK_MOVE_UNNAMED && (have & SK_TILE_LETTER) != (want & SK_TILE_LETTER)) {
                    char h[SK_LABEL_TEXT_MAX + 1], x[SK_LABEL_TEXT_MAX + 1];
                    return refuse(k, SK_ILLEGAL_MISMATCH, "square %s holds %s, not %s", sq,
                                  tile_text(k, have, h), tile_text(k, want, x));
                }
                continue;
            }
            out->placed[out->nplaced++] = (sk_placement){r, c, want};
        }
        return SK_LEGAL;
    }
    if (!on_board(k, r, c)) {
        square_name(k, r, c, sq);
        return refuse(k, SK_ILLEGAL_OFF_BOARD, "runs off the board at %s", sq);
    }
    if (sk_position_tile(k->pos, r, c)) {
        square_name(k, r, c, sq);
        return refuse(k, SK_ILLEGAL_OCCUPIED, "%s %s is already occupied", square_noun(k), sq);
    }
    for (int i = 0; i < m->ntiles; i++) {
        while (on_board(k, r, c) && sk_position_tile(k->pos, r, c)) {
            r += dr(m->dir);
            c += dc(m->dir);
        }
        if (!on_board(k, r, c)) {
            square_name(k, r, c, sq);
            return refuse(k, SK_ILLEGAL_OFF_BOARD, "runs off the board at %s", sq);
        }
        out->placed[out->nplaced++] = (sk_placement){r, c, m->tiles[i]};
        r += dr(m->dir);
        c += dc(m->dir);
    }
    return SK_LEGAL;
}

/* An unknown rack holds unseen tiles: TILES (N of them) may hold no more of a kind than the
 * unseen pool has (unless the position already holds more than the set: validate says so). */
static sk_illegal check_unseen(checker *k, const char *tiles, int n)
{
    int unseen[SK_TILE_KINDS], over, used[SK_TILE_KINDS] = {0};
    sk_position_unseen(k->pos, k->rules->tiles, unseen, &over);
    if (over >= 0) return SK_LEGAL;
    for (int i = 0; i < n; i++)
        used[sk_tile_kind((sk_tile)tiles[i])]++;
    for (int t = 0; t < SK_TILE_KINDS; t++) {
        if (used[t] <= unseen[t]) continue;
        char l[SK_LABEL_TEXT_MAX + 1];
        tile_text(k, (char)(t == SK_TILE_BLANK ? SK_TILE_WILD : t), l);
        return refuse(k, SK_ILLEGAL_NOT_ON_RACK,
                      "%d '%s' tile%s, but %d %s unseen (not on the board or a known rack)",
                      used[t], l, used[t] == 1 ? "" : "s", unseen[t],
                      unseen[t] == 1 ? "is" : "are");
    }
    return SK_LEGAL;
}

/* Checks that RACK (when known; an unknown one, as check_unseen says) holds TILES[0..N)
 * (SK_TILE_WILD or a blanked letter takes a blank). The reason names the first tile short: not on
 * the rack at all, or fewer of it than the move uses ("only one 'R' is on the rack"). */
static sk_illegal check_rack(checker *k, const char *rack, const char *tiles, int n)
{
    if (!rack[0]) return check_unseen(k, tiles, n); /* unknown rack */
    int have[SK_TILE_KINDS] = {0}, held[SK_TILE_KINDS];
    for (const char *p = rack; *p; p++)
        have[sk_tile_kind((sk_tile)*p)]++;
    memcpy(held, have, sizeof(held));
    for (int i = 0; i < n; i++) {
        char c = tiles[i];
        int t = sk_tile_kind((sk_tile)c);
        if (have[t] > 0) {
            have[t]--;
            continue;
        }
        int blank = t == SK_TILE_BLANK;
        char l[SK_LABEL_TEXT_MAX + 1];
        tile_text(k, c, l);
        if (blank && held[t] == 1)
            return refuse(k, SK_ILLEGAL_NOT_ON_RACK, "only one blank is on the rack");
        if (blank && held[t] > 1)
            return refuse(k, SK_ILLEGAL_NOT_ON_RACK, "only %d blanks are on the rack", held[t]);
        if (held[t] == 1)
            return refuse(k, SK_ILLEGAL_NOT_ON_RACK, "only one '%s' is on the rack", l);
        if (held[t] > 1)
            return refuse(k, SK_ILLEGAL_NOT_ON_RACK, "only %d '%s' tiles are on the rack", held[t],
                          l);
        if (blank && (sk_tile)c != SK_TILE_WILD)
            return refuse(k, SK_ILLEGAL_NOT_ON_RACK, "no blank on the rack for '%s'", l);
        return refuse(k, SK_ILLEGAL_NOT_ON_RACK, "tile '%s' is not on the rack", l);
    }
    return SK_LEGAL;
}

/* The maximal run through (R, C) along DIR on the board after the move. */
static void run_at(const checker *k, int r, int c, sk_direction dir, sk_word *w)
{
    while (at(k, r - dr(dir), c - dc(dir))) {
        r -= dr(dir);
        c -= dc(dir);
    }
    w->row = r;
    w->col = c;
    w->dir = dir;
    w->len = 0;
    while (at(k, r, c)) {
        w->letters[w->len++] = at(k, r, c);
        r += dr(dir);
        c += dc(dir);
    }
    w->letters[w->len] = '\0';
}

static int tile_value(const sk_tileset *t, char c)
{
    return t->score[sk_tile_kind((sk_tile)c)];
}

/* The word's score before clamping (see SK_SCORE_MAX). */
static long long score_word(const checker *k, sk_word *w)
{
    long long sum = 0, factor = 1;
    const sk_board *b = k->rules->board;
    for (int i = 0; i < w->len; i++) {
        int r = w->row + i * dr(w->dir), c = w->col + i * dc(w->dir);
        long long v = tile_value(k->rules->tiles, w->letters[i]);
        if (k->placed[r * k->w + c]) {
            v *= sk_board_letter_factor(b, r, c);
            factor = sk_score_mul(factor, sk_board_word_factor(b, r, c));
        }
        sum += v;
    }
    long long score = sk_score_mul(sum, factor);
    w->score = sk_score_clamp(score);
    return score;
}

static int in_lexicon(const checker *k, const sk_word *w)
{
    if (!k->rules->lexicon) return 1;
    unsigned char letters[SK_BOARD_MAX];
    for (int i = 0; i < w->len; i++)
        letters[i] = (unsigned char)(w->letters[i] & SK_TILE_LETTER);
    return sk_lexicon_contains_tiles(k->rules->lexicon, letters, (size_t)w->len);
}

/* Sorts the tile string T in tile order (the blank first), the order the move generator writes
 * an exchange in, so that one exchange has one canonical form however it was typed. */
static void sort_tiles(char *t)
{
    for (size_t i = 1; t[i]; i++)
        for (size_t j = i; j > 0 && sk_tile_kind((sk_tile)t[j - 1]) > sk_tile_kind((sk_tile)t[j]);
             j--) {
            char c = t[j];
            t[j] = t[j - 1];
            t[j - 1] = c;
        }
}

static sk_illegal check_exchange(checker *k, const sk_move *m, int bag_count, sk_play *out)
{
    if (k->rules->ruleset == SK_RULES_SKRABBKLE)
        return refuse(k, SK_ILLEGAL_EXCHANGE_RULES, "exchange is not allowed in skrabbkle");
    if (bag_count >= 0 && bag_count < k->rules->exchange_min)
        return refuse(k, SK_ILLEGAL_EXCHANGE_BAG,
                      "exchange needs at least %d tile%s in the bag; it holds %d",
                      k->rules->exchange_min, k->rules->exchange_min == 1 ? "" : "s", bag_count);
    memcpy(out->exchange, m->exchange, sizeof(out->exchange));
    if (out->exchange[0]) sort_tiles(out->exchange);
    out->exchange_count = m->exchange_count;
    int held = (int)strlen(k->pos->racks[0]);
    if (held && !m->exchange[0] && m->exchange_count > held)
        return refuse(k, SK_ILLEGAL_EXCHANGE_TILES, "exchange of %d tiles, but the rack holds %d",
                      m->exchange_count, held);
    if (!held) { /* a rack not known still holds at most a rack's worth, of the set's tiles */
        if (m->exchange_count > k->rules->rack_size)
            return refuse(k, SK_ILLEGAL_EXCHANGE_TILES, "exchange of %d tiles, but a rack holds %d",
                          m->exchange_count, k->rules->rack_size);
        int kinds[SK_TILE_KINDS] = {0};
        for (const char *p = m->exchange; *p; p++) {
            int t = sk_tile_kind((sk_tile)*p);
            if (++kinds[t] > k->rules->tiles->count[t]) {
                char label[SK_LABEL_TEXT_MAX + 1];
                sk_alphabet_label(&k->rules->tiles->alphabet, (sk_tile)(t ? t : SK_TILE_WILD),
                                  label);
                return refuse(k, SK_ILLEGAL_EXCHANGE_TILES,
                              "exchange of %d %s, but the tile set has %d", kinds[t], label,
                              k->rules->tiles->count[t]);
            }
        }
    }
    sk_illegal rc = check_rack(k, k->pos->racks[0], m->exchange, (int)strlen(m->exchange));
    if (rc != SK_LEGAL) return rc == SK_ILLEGAL_NOT_ON_RACK ? SK_ILLEGAL_EXCHANGE_TILES : rc;
    return SK_LEGAL;
}

/* Connection, first-move and one-word rules, after the tiles are on the grid. */
static sk_illegal check_shape(checker *k, sk_play *out, int first_move)
{
    const sk_board *b = k->rules->board;
    sk_word *main = &out->words[0];
    char sq[SQUARE_NAME_MAX];
    for (int i = 0; i < out->nplaced; i++) {
        const sk_placement *p = &out->placed[i];
        if (main->dir == SK_ACROSS
                ? (p->row != main->row || p->col < main->col || p->col >= main->col + main->len)
                : (p->col != main->col || p->row < main->row || p->row >= main->row + main->len)) {
            square_name(k, p->row, p->col, sq);
            return refuse(k, SK_ILLEGAL_GAP, "the tiles placed leave a gap before %s", sq);
        }
    }
    if (first_move) {
        if (out->nplaced < 2)
            return refuse(k, SK_ILLEGAL_FIRST_SHORT, "the first move must place at least 2 tiles");
        if (!k->placed[b->start_row * k->w + b->start_col]) {
            square_name(k, b->start_row, b->start_col, sq);
            return refuse(k, SK_ILLEGAL_FIRST_START, "first move must cover %s", sq);
        }
        return SK_LEGAL;
    }
    if (k->rules->ruleset == SK_RULES_SKRABBKLE) {
        if (main->len == out->nplaced)
            return refuse(k, SK_ILLEGAL_NOT_CONNECTED,
                          "not connected to the board: the word must use a tile already on it");
        return SK_LEGAL;
    }
    for (int i = 0; i < out->nplaced; i++) {
        const sk_placement *p = &out->placed[i];
        static const int d4[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int j = 0; j < 4; j++) {
            int r = p->row + d4[j][0], c = p->col + d4[j][1];
            if (on_board(k, r, c) && sk_position_tile(k->pos, r, c)) return SK_LEGAL;
        }
    }
    return refuse(k, SK_ILLEGAL_NOT_CONNECTED, "not connected to the board");
}

/* Collects the words: the main one, then (classic) each placed tile's cross word, or
 * (skrabbkle) refuses when a placed tile touches a tile sideways. */
static sk_illegal collect_words(checker *k, sk_play *out)
{
    sk_direction cross = out->dir == SK_ACROSS ? SK_DOWN : SK_ACROSS;
    for (int i = 0; i < out->nplaced; i++) {
        sk_word w;
        run_at(k, out->placed[i].row, out->placed[i].col, cross, &w);
        if (w.len < 2) continue;
        if (k->rules->ruleset == SK_RULES_SKRABBKLE) {
            char text[WORD_TEXT_MAX];
            sk_alphabet_text(k->alphabet, w.letters, 1, text, sizeof(text));
            return refuse(k, SK_ILLEGAL_SECOND_WORD, "creates a second word %s", text);
        }
        out->words[out->nwords++] = w;
    }
    return SK_LEGAL;
}

/* Puts OUT's tiles on the grid and finds the main word (docs/formats.md, "Canonical form": a
 * single classic tile takes the direction in which it makes a word, across first). */
static void lay(checker *k, sk_play *out)
{
    memcpy(k->grid, k->pos->tiles, sizeof(k->grid));
    for (int i = 0; i < out->nplaced; i++) {
        k->grid[out->placed[i].row * k->w + out->placed[i].col] = out->placed[i].tile;
        k->placed[out->placed[i].row * k->w + out->placed[i].col] = 1;
    }
    const sk_placement *p0 = &out->placed[0];
    run_at(k, p0->row, p0->col, out->dir, &out->words[0]);
    int classic_one = out->nplaced == 1 && k->rules->ruleset == SK_RULES_CLASSIC;
    if (classic_one && out->words[0].len < 2) {
        sk_word other;
        run_at(k, p0->row, p0->col, out->dir == SK_ACROSS ? SK_DOWN : SK_ACROSS, &other);
        if (other.len >= 2) {
            out->dir = other.dir;
            out->words[0] = other;
        }
    }
    if (classic_one && out->words[0].len >= 2 && out->dir == SK_DOWN) {
        sk_word across;
        run_at(k, p0->row, p0->col, SK_ACROSS, &across);
        if (across.len >= 2) {
            out->dir = SK_ACROSS;
            out->words[0] = across;
        }
    }
    out->nwords = 1;
}

/* Scores every word of OUT, the move's total and the bingo. */
static void score_play(const checker *k, sk_play *out)
{
    long long total = 0;
    for (int i = 0; i < out->nwords; i++) {
        long long s = score_word(k, &out->words[i]);
        if ((i == 0 || k->rules->ruleset == SK_RULES_CLASSIC) && out->words[i].len >= 2)
            total = sk_score_add(total, s);
    }
    out->bingo = 0;
    if (out->nplaced == k->rules->rack_size) {
        out->bingo = 1;
        total = sk_score_add(total, k->rules->bingo_bonus);
    }
    out->score = sk_score_clamp(total);
}

sk_illegal sk_rules_check(const sk_rules *rules, const sk_position *pos, const sk_move *move,
                          int bag_count, sk_play *out, char *why, size_t why_size)
{
    memset(out, 0, sizeof(*out));
    out->kind = move->kind;
    out->dir = move->dir;
    checker k = {.rules = rules, .pos = pos, .w = pos->width, .h = pos->height};
    k.alphabet = rules->tiles ? &rules->tiles->alphabet : sk_alphabet_default();
    k.cs104 = move->notation == SK_NOTATION_CS104;
    k.why = why;
    k.why_size = why_size;
    if (why_size) why[0] = '\0';
    if (move->kind == SK_MOVE_PASS) return SK_LEGAL;
    if (move->kind == SK_MOVE_EXCHANGE) return check_exchange(&k, move, bag_count, out);
    const sk_board *b = rules->board;
    if (b && (pos->width != b->width || pos->height != b->height)) /* no square is sure */
        return refuse(&k, SK_ILLEGAL_OFF_BOARD, "the position is %d x %d but the board %d x %d",
                      pos->width, pos->height, b->width, b->height);
    sk_illegal rc = resolve(&k, move, out);
    if (rc != SK_LEGAL) return rc;
    if (out->nplaced == 0) return refuse(&k, SK_ILLEGAL_NO_TILES, "the play places no tile");
    char sq[SQUARE_NAME_MAX];
    for (int i = 0; i < out->nplaced; i++) {
        const sk_placement *p = &out->placed[i];
        if (blocked(&k, p->row, p->col)) {
            square_name(&k, p->row, p->col, sq);
            return refuse(&k, SK_ILLEGAL_BLOCKED, "%s %s is blocked", square_noun(&k), sq);
        }
    }
    char tiles[SK_MOVE_TILES_MAX + 1];
    for (int i = 0; i < out->nplaced; i++)
        tiles[i] = out->placed[i].tile;
    rc = check_rack(&k, pos->racks[0], tiles, out->nplaced);
    if (rc != SK_LEGAL) return rc;
    int first_move = sk_position_tile_count(pos) == 0;
    lay(&k, out);
    rc = check_shape(&k, out, first_move);
    if (rc != SK_LEGAL) return rc;
    rc = collect_words(&k, out);
    if (rc != SK_LEGAL) return rc;
    if (out->words[0].len < 2 && out->nwords == 1)
        return refuse(&k, SK_ILLEGAL_NOT_CONNECTED, "not connected to the board");
    for (int i = 0; i < out->nwords; i++) {
        sk_word *w = &out->words[i];
        if (w->len >= 2 && !in_lexicon(&k, w)) {
            char text[WORD_TEXT_MAX];
            sk_alphabet_text(k.alphabet, w->letters, 1, text, sizeof(text));
            return refuse(&k, SK_ILLEGAL_NOT_A_WORD, "not in lexicon: %s", text);
        }
    }
    score_play(&k, out);
    return SK_LEGAL;
}

int sk_rules_words(const sk_rules *rules, const sk_position *pos, sk_play *play)
{
    if (play->kind != SK_MOVE_PLACE || play->nplaced == 0) {
        play->nwords = 0;
        return SK_OK;
    }
    checker k = {.rules = rules, .pos = pos, .w = pos->width, .h = pos->height};
    k.alphabet = rules->tiles ? &rules->tiles->alphabet : sk_alphabet_default();
    lay(&k, play);
    collect_words(&k, play);
    score_play(&k, play);
    return SK_OK;
}

void sk_play_apply_tiles(const sk_play *play, sk_position *pos)
{
    for (int i = 0; i < play->nplaced; i++)
        pos->tiles[play->placed[i].row * pos->width + play->placed[i].col] = play->placed[i].tile;
}

void sk_position_unseen(const sk_position *pos, const sk_tileset *tiles, int counts[SK_TILE_KINDS],
                        int *over_letter)
{
    *over_letter = -1;
    for (int t = 0; t < SK_TILE_KINDS; t++)
        counts[t] = tiles->count[t];
    int used[SK_TILE_KINDS] = {0};
    int cells = pos->width * pos->height, i = 0;
    /* eight squares at a time where they are all empty: most of a board is */
    for (; i + 8 <= cells; i += 8) {
        uint64_t word;
        memcpy(&word, &pos->tiles[i], sizeof(word));
        if (!word) continue;
        for (int j = i; j < i + 8; j++)
            if (pos->tiles[j]) used[sk_tile_kind((sk_tile)pos->tiles[j])]++;
    }
    for (; i < cells; i++)
        if (pos->tiles[i]) used[sk_tile_kind((sk_tile)pos->tiles[i])]++;
    for (int p = 0; p < pos->nplayers; p++)
        for (const char *q = pos->racks[p]; *q; q++)
            used[sk_tile_kind((sk_tile)*q)]++;
    for (int t = 0; t < SK_TILE_KINDS; t++) {
        if (used[t] > counts[t] && *over_letter < 0) *over_letter = t;
        counts[t] = used[t] > counts[t] ? 0 : counts[t] - used[t];
    }
}

int sk_position_bag(const sk_position *pos, const sk_tileset *tiles, int unknown_rack)
{
    int unseen[SK_TILE_KINDS], over, total = 0;
    sk_position_unseen(pos, tiles, unseen, &over);
    for (int t = 0; t < SK_TILE_KINDS; t++)
        total += unseen[t];
    for (int p = 0; p < pos->nplayers; p++)
        if (!pos->racks[p][0]) total -= unknown_rack;
    return total < 0 ? 0 : total;
}
