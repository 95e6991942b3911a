/* boggle_game.c — the Boggle game against the computer (docs/boggle.md, "The game"): the computer's
 * dictionary (a sorted set of words kept in a file between runs), a round (the user's typed words
 * judged against the board, the lexicon and the computer's finds; words found by both score
 * nothing; either side's words may be struck afterwards) and the game (running totals, a target
 * score, the computer learning the user's words with a chance set by the difficulty). Not here: the
 * terminal, the timer, where the dictionary file lives (tools/cmd_boggle_play.c). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/boggle.h"
#include "skrab/buf.h"
#include "skrab/error.h"

#define ROUND_WORDS_MAX 100000 /* words the user may type in one round */

/* Copies WORD[0..LEN) uppercased into OUT (SK_BOGGLE_WORD_MAX + 1 room). Returns 0, or -1 when
 * it is not 2..SK_BOGGLE_WORD_MAX letters A-Z. */
static int normalise(const char *word, size_t len, char *out)
{
    if (len < 2 || len > SK_BOGGLE_WORD_MAX) return -1;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)word[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return -1;
        out[i] = (char)toupper(c);
    }
    out[len] = '\0';
    return 0;
}

/* ---- word sets ------------------------------------------------------------------------------- */
void sk_boggle_wordset_init(sk_boggle_wordset *s)
{
    memset(s, 0, sizeof(*s));
}

void sk_boggle_wordset_free(sk_boggle_wordset *s)
{
    for (size_t i = 0; i < s->count; i++)
        free(s->items[i]);
    free(s->items);
    memset(s, 0, sizeof(*s));
}

/* The index of WORD in S, or of where it would go (*FOUND says which). */
static size_t find(const sk_boggle_wordset *s, const char *word, int *found)
{
    size_t lo = 0, hi = s->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(s->items[mid], word);
        if (c == 0) {
            *found = 1;
            return mid;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = 0;
    return lo;
}

int sk_boggle_wordset_contains(const sk_boggle_wordset *s, const char *word, size_t len)
{
    char w[SK_BOGGLE_WORD_MAX + 1];
    int found;
    if (normalise(word, len, w) != 0) return 0;
    find(s, w, &found);
    return found;
}

static int reserve(sk_boggle_wordset *s, size_t more)
{
    if (s->count + more <= s->cap) return SK_OK;
    size_t cap = s->cap ? s->cap : 64;
    while (cap < s->count + more)
        cap *= 2;
    char **grown = realloc(s->items, cap * sizeof(*grown));
    if (!grown) return SK_ENOMEM;
    s->items = grown;
    s->cap = cap;
    return SK_OK;
}

int sk_boggle_wordset_add(sk_boggle_wordset *s, const char *word, size_t len)
{
    char w[SK_BOGGLE_WORD_MAX + 1];
    int found;
    if (normalise(word, len, w) != 0) return SK_EINVAL;
    size_t at = find(s, w, &found);
    if (found) return 0;
    char *copy = malloc(len + 1);
    if (!copy || reserve(s, 1) != SK_OK) {
        free(copy);
        return SK_ENOMEM;
    }
    memcpy(copy, w, len + 1);
    memmove(&s->items[at + 1], &s->items[at], (s->count - at) * sizeof(*s->items));
    s->items[at] = copy;
    s->count++;
    return 1;
}

int sk_boggle_wordset_remove(sk_boggle_wordset *s, const char *word, size_t len)
{
    char w[SK_BOGGLE_WORD_MAX + 1];
    int found;
    if (normalise(word, len, w) != 0) return 0;
    size_t at = find(s, w, &found);
    if (!found) return 0;
    free(s->items[at]);
    memmove(&s->items[at], &s->items[at + 1], (s->count - at - 1) * sizeof(*s->items));
    s->count--;
    return 1;
}

static int compare_items(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int sk_boggle_wordset_parse(sk_boggle_wordset *s, const char *text, size_t len, sk_diag_list *diags)
{
    if (len > SK_BOGGLE_WORDSET_FILE_MAX) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "word file larger than %zu bytes",
                    (size_t)SK_BOGGLE_WORDSET_FILE_MAX);
        return SK_ETOOBIG;
    }
    size_t pos = 0;
    while (pos < len) {
        size_t start = pos;
        while (pos < len && text[pos] != '\n')
            pos++;
        size_t s0 = start, e = pos;
        pos += pos < len;
        while (s0 < e && isspace((unsigned char)text[s0]))
            s0++;
        while (e > s0 && isspace((unsigned char)text[e - 1]))
            e--;
        if (s0 == e || text[s0] == '#') continue;
        char w[SK_BOGGLE_WORD_MAX + 1];
        if (normalise(text + s0, e - s0, w) != 0) {
            sk_diag_add_line(diags, SK_SEV_WARNING, s0,
                             "not a word of 2 to %d letters A-Z; skipped", SK_BOGGLE_WORD_MAX);
            continue;
        }
        char *copy = malloc(e - s0 + 1);
        if (!copy || reserve(s, 1) != SK_OK) {
            free(copy);
            return SK_ENOMEM;
        }
        memcpy(copy, w, e - s0 + 1);
        s->items[s->count++] = copy;
    }
    /* sort and drop repeats (appending first keeps big files from being quadratic) */
    if (s->count > 1) qsort(s->items, s->count, sizeof(*s->items), compare_items);
    size_t k = 0;
    for (size_t i = 0; i < s->count; i++) {
        if (k && strcmp(s->items[k - 1], s->items[i]) == 0)
            free(s->items[i]);
        else
            s->items[k++] = s->items[i];
    }
    s->count = k;
    return SK_OK;
}

int sk_boggle_wordset_save(const sk_boggle_wordset *s, const char *path)
{
    sk_buf text;
    sk_buf_init(&text);
    sk_buf_puts(&text, "# skrab boggle: the computer's words, one a line\n");
    for (size_t i = 0; i < s->count; i++) {
        sk_buf_puts(&text, s->items[i]);
        sk_buf_putc(&text, '\n');
    }
    int rc = text.failed ? SK_ENOMEM : sk_file_write(path, text.data, text.len);
    sk_buf_free(&text);
    return rc == SK_ENOMEM ? SK_EIO : rc; /* its contract: SK_OK or SK_EIO */
}

int sk_boggle_wordset_lexicon(const sk_boggle_wordset *s, sk_lexicon **out)
{
    sk_buf text;
    sk_buf_init(&text);
    for (size_t i = 0; i < s->count; i++) {
        if (strlen(s->items[i]) > SK_WORD_MAX) continue; /* longer than a lexicon's words */
        sk_buf_puts(&text, s->items[i]);
        sk_buf_putc(&text, '\n');
    }
    if (text.failed) {
        sk_buf_free(&text);
        return SK_ENOMEM;
    }
    int rc = sk_lexicon_from_wordlist(out, sk_buf_str(&text), text.len, NULL, NULL, NULL);
    sk_buf_free(&text);
    return rc;
}

/* ---- rounds ---------------------------------------------------------------------------------- */
void sk_boggle_round_init(sk_boggle_round *r, const sk_boggle_grid *g, int min_len)
{
    memset(r, 0, sizeof(*r));
    r->grid = *g;
    r->min_len = min_len < 2 ? 2 : min_len;
}

void sk_boggle_round_free(sk_boggle_round *r)
{
    free(r->entries);
    memset(r, 0, sizeof(*r));
}

static sk_boggle_entry *push_entry(sk_boggle_round *r)
{
    if (r->count == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        sk_boggle_entry *grown = realloc(r->entries, cap * sizeof(*grown));
        if (!grown) return NULL;
        r->entries = grown;
        r->cap = cap;
    }
    sk_boggle_entry *e = &r->entries[r->count++];
    memset(e, 0, sizeof(*e));
    return e;
}

int sk_boggle_round_add_user(sk_boggle_round *r, const char *word, size_t len)
{
    char w[SK_BOGGLE_WORD_MAX + 1];
    if (len == 1 && isalpha((unsigned char)word[0])) {
        w[0] = (char)toupper((unsigned char)word[0]); /* a single letter: too short, not invalid */
        w[1] = '\0';
    } else if (normalise(word, len, w) != 0) {
        return SK_EINVAL;
    }
    for (size_t i = 0; i < r->count; i++)
        if (r->entries[i].by_user && strcmp(r->entries[i].word, w) == 0) return 0;
    if (r->count >= ROUND_WORDS_MAX) return SK_ETOOBIG;
    sk_boggle_entry *e = push_entry(r);
    if (!e) return SK_ENOMEM;
    memcpy(e->word, w, strlen(w) + 1);
    e->by_user = 1;
    e->category = SK_BOGGLE_USER_ONLY;
    return 1;
}

static void rescore(sk_boggle_round *r)
{
    r->user_score = r->computer_score = 0;
    for (size_t i = 0; i < r->count; i++) {
        sk_boggle_entry *e = &r->entries[i];
        int own = e->category == SK_BOGGLE_USER_ONLY || e->category == SK_BOGGLE_COMPUTER_ONLY;
        e->score = own ? sk_boggle_score((int)strlen(e->word)) : 0;
        if (e->category == SK_BOGGLE_USER_ONLY) r->user_score += e->score;
        if (e->category == SK_BOGGLE_COMPUTER_ONLY) r->computer_score += e->score;
    }
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp((const char *)a, *(char *const *)b);
}

int sk_boggle_round_finish(sk_boggle_round *r, const sk_boggle_words *computer,
                           const sk_lexicon *lex)
{
    size_t n = computer ? computer->count : 0;
    char(*texts)[SK_BOGGLE_WORD_MAX + 1] = malloc((n ? n : 1) * sizeof(*texts));
    char **sorted = malloc((n ? n : 1) * sizeof(*sorted));
    unsigned char *common = calloc(n ? n : 1, 1);
    int rc = SK_OK;
    if (!texts || !sorted || !common) {
        rc = SK_ENOMEM;
        goto cleanup;
    }
    for (size_t i = 0; i < n; i++) {
        sk_boggle_word_text(&r->grid, &computer->words[i], texts[i]);
        sorted[i] = texts[i];
    }
    qsort(sorted, n, sizeof(*sorted), compare_items);
    size_t users = r->count;
    for (size_t i = 0; i < users; i++) {
        sk_boggle_entry *e = &r->entries[i];
        if (!e->by_user) continue;
        size_t len = strlen(e->word);
        unsigned char cells[SK_BOGGLE_CELLS_MAX];
        char **hit = bsearch(e->word, sorted, n, sizeof(*sorted), compare_strings);
        e->by_computer = hit != NULL;
        if ((int)len < r->min_len)
            e->category = SK_BOGGLE_TOO_SHORT;
        else if (sk_boggle_trace(&r->grid, e->word, len, cells) <= 0)
            e->category = SK_BOGGLE_NOT_ON_BOARD;
        else if (lex && !sk_lexicon_contains(lex, NULL, e->word, len))
            e->category = SK_BOGGLE_NOT_A_WORD;
        else
            e->category = hit ? SK_BOGGLE_COMMON : SK_BOGGLE_USER_ONLY;
        if (hit && e->category == SK_BOGGLE_COMMON)
            common[(size_t)(*hit - texts[0]) / sizeof(texts[0])] = 1;
    }
    for (size_t i = 0; i < n; i++) {
        if (common[i]) continue;
        sk_boggle_entry *e = push_entry(r);
        if (!e) {
            rc = SK_ENOMEM;
            goto cleanup;
        }
        memcpy(e->word, texts[i], sizeof(e->word));
        e->by_computer = 1;
        e->category = SK_BOGGLE_COMPUTER_ONLY;
    }
    rescore(r);
cleanup:
    free(texts);
    free(sorted);
    free(common);
    return rc;
}

int sk_boggle_round_strike(sk_boggle_round *r, const char *word, size_t len)
{
    char w[SK_BOGGLE_WORD_MAX + 1];
    if (normalise(word, len, w) != 0) return -1;
    for (size_t i = 0; i < r->count; i++) {
        sk_boggle_entry *e = &r->entries[i];
        if (strcmp(e->word, w) != 0) continue;
        sk_boggle_category c = e->category;
        if (c != SK_BOGGLE_USER_ONLY && c != SK_BOGGLE_COMPUTER_ONLY && c != SK_BOGGLE_COMMON)
            continue;
        e->category = SK_BOGGLE_STRUCK;
        rescore(r);
        return (int)c;
    }
    return -1;
}

/* ---- the game -------------------------------------------------------------------------------- */
void sk_boggle_game_init(sk_boggle_game *g, int difficulty, int target)
{
    memset(g, 0, sizeof(*g));
    g->difficulty = difficulty < 1 ? 1 : difficulty > 10 ? 10 : difficulty;
    g->target = target < 1 ? 1 : target;
    sk_boggle_wordset_init(&g->dict);
}

void sk_boggle_game_free(sk_boggle_game *g)
{
    sk_boggle_wordset_free(&g->dict);
}

int sk_boggle_game_close_round(sk_boggle_game *g, const sk_boggle_round *r, sk_rng *rng)
{
    int learned = 0;
    g->user_total += r->user_score;
    g->computer_total += r->computer_score;
    g->rounds++;
    for (size_t i = 0; i < r->count; i++) {
        const sk_boggle_entry *e = &r->entries[i];
        size_t len = strlen(e->word);
        if (e->category == SK_BOGGLE_STRUCK && e->by_computer) {
            if (sk_boggle_wordset_remove(&g->dict, e->word, len)) g->dict_changed = 1;
        } else if (e->category == SK_BOGGLE_USER_ONLY &&
                   !sk_boggle_wordset_contains(&g->dict, e->word, len) &&
                   sk_rng_below(rng, 10) < (uint64_t)g->difficulty) {
            int rc = sk_boggle_wordset_add(&g->dict, e->word, len);
            if (rc == SK_ENOMEM) return rc;
            if (rc == 1) {
                learned++;
                g->dict_changed = 1;
            }
        }
    }
    return learned;
}

int sk_boggle_game_over(const sk_boggle_game *g, int *winner)
{
    if (g->user_total < g->target && g->computer_total < g->target) return 0;
    if (winner)
        *winner = g->user_total > g->computer_total   ? 1
                  : g->user_total < g->computer_total ? -1
                                                      : 0;
    return 1;
}

void sk_boggle_game_restart(sk_boggle_game *g)
{
    g->user_total = g->computer_total = 0;
    g->rounds = 0;
}
