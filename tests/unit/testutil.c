/* testutil.c — see testutil.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "skrab/move.h"
#include "testutil.h"

static void slurp(FILE *f, sk_buf *out)
{
    rewind(f);
    sk_buf_init(out);
    sk_buf_read_stream(out, f, 1u << 26);
}

void tu_run_cli(tu_run *r, const char *stdin_text, const char *const *argv)
{
    char *args[64];
    int argc = 0;
    args[argc++] = (char *)"skrab";
    for (int i = 0; argv[i] && argc < 63; i++)
        args[argc++] = (char *)argv[i];
    args[argc] = NULL;
    FILE *in = tmpfile(), *out = tmpfile(), *err = tmpfile();
    assert_non_null(in);
    assert_non_null(out);
    assert_non_null(err);
    if (stdin_text) fputs(stdin_text, in);
    rewind(in);
    sk_cli_env env = {in, out, err, NULL, SKRAB_BUILD_DATADIR, NULL, NULL, NULL, NULL};
    r->status = sk_cli_main(argc, args, &env);
    fflush(out);
    fflush(err);
    slurp(out, &r->out);
    slurp(err, &r->err);
    fclose(in);
    fclose(out);
    fclose(err);
}

void tu_run_free(tu_run *r)
{
    sk_buf_free(&r->out);
    sk_buf_free(&r->err);
}

void tu_read_source(sk_buf *out, const char *rel)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s", SKRAB_SOURCE_DIR, rel);
    sk_buf_init(out);
    int rc = sk_buf_read_file(out, path, 1u << 26);
    if (rc != 0) fail_msg("cannot read %s", path);
}

void tu_diag_dump(const char *text, const sk_diag_list *d)
{
    for (size_t i = 0; i < d->count; i++) {
        int l = 0, c = 0;
        if (d->items[i].offset != SK_DIAG_NO_OFFSET)
            sk_diag_locate(text, strlen(text), d->items[i].offset, &l, &c);
        print_error("  have %d:%d %s: %s\n", l, c, sk_severity_name(d->items[i].severity),
                    d->items[i].message);
    }
}

void tu_expect_diag_at(const char *text, const sk_diag_list *d, sk_severity sev, int line, int col,
                       const char *msg, int exact)
{
    for (size_t i = 0; i < d->count; i++) {
        int l = 0, c = 0;
        if (d->items[i].offset != SK_DIAG_NO_OFFSET)
            sk_diag_locate(text, strlen(text), d->items[i].offset, &l, &c);
        if (d->items[i].no_column) c = 0;
        int same = exact ? strcmp(d->items[i].message, msg) == 0
                         : strstr(d->items[i].message, msg) != NULL;
        if (d->items[i].severity == sev && l == line && c == col && same) return;
    }
    tu_diag_dump(text, d);
    fail_msg("no %s at %d:%d: '%s'", sk_severity_name(sev), line, col, msg);
}

void tu_expect_counts(const char *text, const sk_diag_list *d, size_t errors, size_t warnings)
{
    if (d->errors != errors || d->warnings != warnings) {
        tu_diag_dump(text, d);
        fail_msg("expected %zu errors and %zu warnings, have %zu and %zu", errors, warnings,
                 d->errors, d->warnings);
    }
}

int tu_collect_word(void *ctx, const char *word, size_t len)
{
    tu_words *c = ctx;
    assert_int_equal(strlen(word), len);
    if (c->len + len + 2 < sizeof(c->text)) {
        memcpy(c->text + c->len, word, len);
        c->len += len;
        c->text[c->len++] = ' ';
        c->text[c->len] = '\0';
    }
    c->count++;
    return 0;
}

char tu_tile(char c)
{
    if (c >= 'A' && c <= 'Z') return (char)(c - 'A' + 1);
    if (c >= 'a' && c <= 'z') return (char)((c - 'a' + 1) | SK_TILE_BLANKED);
    if (c == '?') return (char)SK_TILE_WILD;
    if (c == '.') return SK_MOVE_UNNAMED;
    return c;
}

char tu_ascii_tile(char t)
{
    sk_tile v = (sk_tile)t;
    if (t == SK_MOVE_UNNAMED) return '.';
    if (v == SK_TILE_WILD) return '?';
    if (v >= 1 && v <= 26) return (char)('A' + v - 1);
    if ((v & SK_TILE_BLANKED) && (v & SK_TILE_LETTER) >= 1 && (v & SK_TILE_LETTER) <= 26)
        return (char)('a' + (v & SK_TILE_LETTER) - 1);
    return t;
}

char *tu_tiles(char *out, const char *ascii)
{
    size_t i = 0;
    for (; ascii[i]; i++)
        out[i] = tu_tile(ascii[i]);
    out[i] = '\0';
    return out;
}

const char *tu_ascii(const char *tiles)
{
    static char ring[4][1024]; /* tests only: a few results stay valid at once */
    static int next;
    char *out = ring[next++ % 4];
    size_t i = 0;
    for (; tiles[i] && i + 1 < sizeof(ring[0]); i++)
        out[i] = tu_ascii_tile(tiles[i]);
    out[i] = '\0';
    return out;
}

void tu_load_board(sk_board *b, const char *rel)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s", SKRAB_SOURCE_DIR, rel);
    sk_buf text;
    sk_buf_init(&text);
    assert_int_equal(sk_buf_read_file(&text, path, 1u << 20), SK_OK);
    assert_int_equal(sk_board_parse(b, text.data, text.len, SK_BOARD_FORMAT_AUTO, NULL), SK_OK);
    sk_buf_free(&text);
}

int tu_parse_board(sk_board *b, const char *text, sk_board_format fmt, sk_diag_list *d)
{
    sk_diag_list_init(d);
    int rc = sk_board_parse(b, text, strlen(text), fmt, d);
    sk_diag_list_sort(d);
    return rc;
}

void tu_game_parts_init(sk_ruleset rs, sk_board *board, sk_tileset *tiles, sk_lexicon **lex,
                        sk_rules *rules)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/wordlist.kwg", SKRAB_BUILD_DATADIR);
    assert_int_equal(sk_lexicon_open(lex, path, NULL), SK_OK);
    int skrabbkle = rs == SK_RULES_SKRABBKLE;
    tu_load_board(board,
                  skrabbkle ? "resources/defaultBoard.txt" : "resources/boards/CrosswordGame.txt");
    assert_int_equal(sk_tileset_builtin(tiles, skrabbkle ? "skrabbkle" : "english"), SK_OK);
    sk_rules_init(rules, rs, board, tiles, *lex);
}
