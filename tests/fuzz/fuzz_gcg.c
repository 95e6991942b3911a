/* fuzz_gcg.c — libFuzzer target for GCG transcripts: every input is read (a failure always
 * comes with an error), every offset the reader records lies inside the input, and the result
 * replays under the classic rules on the standard board and under skrabbkle rules on a plain
 * 16 x 16 board, again with an error for every failure; every position it shows before a turn
 * is a CGP line that reads back as written. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/error.h"
#include "skrab/gcg.h"

static const char STANDARD15[] = "7, 7\n=  '   =   '  =\n -   \"   \"   - \n  -   ' '   -  \n"
                                 "'  -   '   -  '\n    -     -    \n \"   \"   \"   \" \n"
                                 "  '   ' '   '  \n=  '   -   '  =\n  '   ' '   '  \n"
                                 " \"   \"   \"   \" \n    -     -    \n'  -   '   -  '\n"
                                 "  -   ' '   -  \n -   \"   \"   - \n=  '   =   '  =\n";

static void check_offset(size_t offset, size_t size)
{
    if (offset != SK_DIAG_NO_OFFSET && offset > size) abort();
}

/* Writes the position before TURN as CGP in the alphabet CTX (the transcript's), which must read
 * back and write the same line. */
static void check_turn(void *ctx, const sk_gcg_turn *turn)
{
    const sk_alphabet *alphabet = ctx;
    sk_buf a, b;
    sk_buf_init(&a);
    sk_buf_init(&b);
    sk_position_write_cgp(turn->before, alphabet, &a);
    sk_position back;
    if (a.failed || sk_position_parse_cgp(&back, a.data, a.len, alphabet, NULL) != SK_OK) abort();
    sk_position_write_cgp(&back, alphabet, &b);
    if (b.failed || a.len != b.len || memcmp(a.data, b.data, a.len) != 0) abort();
    sk_buf_free(&a);
    sk_buf_free(&b);
}

static void replay_under(const sk_gcg *g, const sk_rules *rules, size_t size)
{
    sk_diag_list d;
    sk_diag_list_init(&d);
    sk_gcg_result res;
    int rc = sk_gcg_replay_turns(g, rules, &res, &d, check_turn, (void *)&g->alphabet);
    if (rc != SK_OK && (rc != SK_EINVAL || d.errors == 0)) abort();
    if (rc == SK_OK && d.errors) abort();
    for (size_t i = 0; i < d.count; i++)
        check_offset(d.items[i].offset, size);
    if (res.nplayers < 1 || res.nplayers > SK_GCG_PLAYERS_MAX) abort();
    sk_diag_list_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sk_board standard, plain;
    static sk_tileset english, skrabbkle;
    static int ready;
    if (!ready) {
        if (sk_board_parse(&standard, STANDARD15, strlen(STANDARD15), SK_BOARD_FORMAT_AUTO, NULL) !=
                SK_OK ||
            sk_board_init(&plain, 16, 16) != SK_OK ||
            sk_tileset_builtin(&english, "english") != SK_OK ||
            sk_tileset_builtin(&skrabbkle, "skrabbkle") != SK_OK)
            abort();
        ready = 1;
    }
    if (size > SK_GCG_FILE_MAX) return 0; /* the command refuses larger files unread */
    const char *text = (const char *)data;
    sk_gcg g;
    sk_diag_list d;
    sk_diag_list_init(&d);
    int rc = sk_gcg_parse(&g, text, size, &d);
    if (rc != SK_OK && (rc != SK_EINVAL || d.errors == 0)) abort();
    if (rc == SK_OK && d.errors) abort();
    for (size_t i = 0; i < d.count; i++)
        check_offset(d.items[i].offset, size);
    if (g.nplayers < 0 || g.nplayers > SK_GCG_PLAYERS_MAX || g.nevents > SK_GCG_EVENTS_MAX) abort();
    for (size_t i = 0; i < g.nevents; i++) {
        const sk_gcg_event *e = &g.events[i];
        if (e->player < -1 || e->player >= g.nplayers) abort();
        check_offset(e->at, size);
        check_offset(e->rack_at, size);
        check_offset(e->move_at, size);
        check_offset(e->score_at, size);
        check_offset(e->cumul_at, size);
        if (e->at >= size || (e->kind != SK_GCG_DROP && data[e->at] != '>')) abort();
    }
    sk_ruleset rs;
    sk_gcg_ruleset(&g, &rs, &d);
    sk_gcg_board_name(&g);
    sk_gcg_tiles_name(&g);
    sk_rules classic, skr;
    sk_rules_init(&classic, SK_RULES_CLASSIC, &standard, &english, NULL);
    sk_rules_init(&skr, SK_RULES_SKRABBKLE, &plain, &skrabbkle, NULL);
    replay_under(&g, &classic, size);
    replay_under(&g, &skr, size);
    replay_under(&g, NULL, size);
    /* the tile set the pragmas name, which the racks and moves were read in (Polish, Spanish...) */
    sk_tileset named;
    if (strcmp(g.tiles, "english") != 0 && sk_tileset_builtin(&named, g.tiles) == SK_OK) {
        sk_rules own;
        sk_rules_init(&own, SK_RULES_CLASSIC, &standard, &named, NULL);
        replay_under(&g, &own, size);
    }
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    return 0;
}
