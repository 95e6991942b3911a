/* test_gcg_tiles.c — racks and moves of GCG transcripts in the alphabet of their tile set: the
 * tile set the pragmas name or the caller gives, UTF-8 and bracketed labels, blanks in lower
 * case, ISO-8859-1 files, each character that is no tile reported at its own column with the
 * tile set's name; and short Polish and Spanish games replayed with their board checked. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#include "skrab/error.h"
#include "skrab/gcg.h"

/* Parses TEXT (ALPHABET and NAME as sk_gcg_parse_tiles takes them) into G, into D. */
static int parse(sk_gcg *g, const char *text, const sk_tileset *tiles, const char *name,
                 sk_diag_list *d)
{
    sk_diag_list_init(d);
    return sk_gcg_parse_tiles(g, text, strlen(text), tiles ? &tiles->alphabet : NULL, name, d);
}

/* Fails unless D has exactly one error, at LINE:COL, whose message contains NEEDLE. */
static void expect_one_error(const char *text, const sk_diag_list *d, int line, int col,
                             const char *needle)
{
    int l = 0, c = 0;
    for (size_t i = 0; i < d->count; i++) {
        sk_diag_locate(text, strlen(text), d->items[i].offset, &l, &c);
        print_message("  %d:%d %s: %s\n", l, c, sk_severity_name(d->items[i].severity),
                      d->items[i].message);
    }
    assert_int_equal(d->errors, 1);
    for (size_t i = 0; i < d->count; i++) {
        if (d->items[i].severity != SK_SEV_ERROR) continue;
        sk_diag_locate(text, strlen(text), d->items[i].offset, &l, &c);
        assert_int_equal(l, line);
        assert_int_equal(c, col);
        assert_non_null(strstr(d->items[i].message, needle));
    }
}

/* The tile of label LABEL in TILES' alphabet, BLANKED for a blank played as it. */
static char tile_of(const sk_tileset *tiles, const char *label, int blanked)
{
    for (int k = 1; k < tiles->alphabet.size; k++)
        if (strcmp(tiles->alphabet.upper[k], label) == 0)
            return (char)(blanked ? k | SK_TILE_BLANKED : k);
    fail_msg("no tile '%s'", label);
    return 0;
}

#define HEAD "#character-encoding UTF-8\n#player1 ann Ann\n#player2 ben Ben\n"

static void polish_from_the_lexicon(void **state)
{
    (void)state;
    sk_tileset pl;
    assert_int_equal(sk_tileset_builtin(&pl, "polish"), SK_OK);
    const char text[] = HEAD "#lexicon OSPS49\n"
                             ">ann: ĆĘIKPST 8G STĘPIĆ +46 46\n"
                             ">ben: ?AŁNRWZ H7 ł.A +5 5\n"
                             ">ann: AKMOPŻŹ -ŻŹ +0 46\n";
    sk_gcg g;
    sk_diag_list d;
    assert_int_equal(parse(&g, text, NULL, NULL, &d), SK_OK);
    assert_string_equal(g.tiles, "polish");
    assert_int_equal(g.alphabet.size, pl.alphabet.size);
    assert_int_equal(g.nevents, 3);
    const sk_move *m = &g.events[0].move;
    assert_true(g.events[0].move_ok && g.events[0].rack_ok);
    assert_int_equal(m->ntiles, 6);
    assert_int_equal(m->tiles[2], tile_of(&pl, "Ę", 0));
    assert_int_equal(m->tiles[5], tile_of(&pl, "Ć", 0));
    m = &g.events[1].move;
    assert_int_equal(m->tiles[0], tile_of(&pl, "Ł", 1)); /* a blank played as Ł */
    assert_int_equal((unsigned char)m->tiles[1], (unsigned char)SK_MOVE_UNNAMED);
    m = &g.events[2].move;
    assert_int_equal(m->kind, SK_MOVE_EXCHANGE);
    assert_int_equal(m->exchange[0], tile_of(&pl, "Ż", 0));
    assert_int_equal(m->exchange[1], tile_of(&pl, "Ź", 0));
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
}

static void brackets_for_longer_labels(void **state)
{
    (void)state;
    sk_tileset es;
    assert_int_equal(sk_tileset_builtin(&es, "spanish"), SK_OK);
    const char text[] = HEAD "#lexicon FISE2\n"
                             ">ann: [CH]AO?[LL]E 8G [CH]A[ll]O +20 20\n"
                             ">ben: [RR]AEIOU? -[RR]? +0 0\n";
    sk_gcg g;
    sk_diag_list d;
    assert_int_equal(parse(&g, text, NULL, NULL, &d), SK_OK);
    assert_string_equal(g.tiles, "spanish");
    const sk_move *m = &g.events[0].move;
    assert_int_equal(m->ntiles, 4);
    assert_int_equal(m->tiles[0], tile_of(&es, "CH", 0));
    assert_int_equal(m->tiles[2], tile_of(&es, "LL", 1));
    assert_int_equal(g.events[1].move.exchange[0], tile_of(&es, "RR", 0));
    assert_int_equal(g.events[1].move.exchange[1], (char)SK_TILE_WILD);
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    /* a label that is no tile of the set, bracketed or not, at its own column */
    const char bad[] = HEAD "#lexicon FISE2\n>ann: AEIOU[CH] 8G A[XY]E +3 3\n";
    assert_int_equal(parse(&g, bad, NULL, NULL, &d), SK_EINVAL);
    expect_one_error(bad, &d, 5, 21, "'[XY]' is not a tile of the tile set 'spanish'");
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    const char unclosed[] = HEAD "#lexicon FISE2\n>ann: AEIO[CH 8G AE +3 3\n";
    assert_int_equal(parse(&g, unclosed, NULL, NULL, &d), SK_EINVAL);
    expect_one_error(unclosed, &d, 5, 11, "'[' without its ']'");
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
}

static void letters_of_no_tile(void **state)
{
    (void)state;
    sk_gcg g;
    sk_diag_list d;
    /* Q is no Polish tile: in a rack, a play, an exchange, the tiles left at the end */
    const char rack[] = HEAD "#lexicon OSPS49\n>ann: ĆĘIKPSQ 8G STĘPIĆ +46 46\n";
    assert_int_equal(parse(&g, rack, NULL, NULL, &d), SK_EINVAL);
    expect_one_error(rack, &d, 5, 15,
                     "malformed rack 'ĆĘIKPSQ': 'Q' is not a tile of the tile "
                     "set 'polish'");
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    const char play[] = HEAD "#lexicon OSPS49\n>ann: ĆĘIKPST 8G STĘPIQ +46 46\n";
    assert_int_equal(parse(&g, play, NULL, NULL, &d), SK_EINVAL);
    expect_one_error(play, &d, 5, 26, "malformed move '8G STĘPIQ': 'Q' is not a tile");
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    const char exchange[] = HEAD "#lexicon OSPS49\n>ann: ĆĘIKPST -ĆV +0 0\n";
    assert_int_equal(parse(&g, exchange, NULL, NULL, &d), SK_EINVAL);
    expect_one_error(exchange, &d, 5, 20, "malformed exchange '-ĆV': 'V' is not a tile");
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    /* Ł is no English tile: a transcript without a lexicon is English */
    const char english[] = HEAD ">ann: AŁ 8G ŁA +2 2\n";
    assert_int_equal(parse(&g, english, NULL, NULL, &d), SK_EINVAL);
    assert_int_equal(d.errors, 2);
    assert_string_equal(g.tiles, "english");
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    /* a blank's letter on a rack */
    const char lower[] = HEAD "#lexicon OSPS49\n>ann: AłA 8G ŁA +2 2\n";
    assert_int_equal(parse(&g, lower, NULL, NULL, &d), SK_EINVAL);
    expect_one_error(lower, &d, 5, 8, "lowercase 'ł' (a blank on a rack is '?')");
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
}

static void the_caller_names_the_tile_set(void **state)
{
    (void)state;
    sk_tileset de;
    assert_int_equal(sk_tileset_builtin(&de, "german"), SK_OK);
    const char text[] = HEAD ">ann: ÄÖÜ?ERT 8G ÄRGEr +12 12\n";
    sk_gcg g;
    sk_diag_list d;
    assert_int_equal(parse(&g, text, &de, "german", &d), SK_OK);
    assert_string_equal(g.tiles, "german");
    assert_int_equal(g.events[0].move.tiles[0], tile_of(&de, "Ä", 0));
    assert_int_equal(g.events[0].move.tiles[4], tile_of(&de, "R", 1));
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    /* without #character-encoding, a token that is not UTF-8 is ISO-8859-1 (0xC4 is Ä) */
    const char latin1[] =
        "#player1 ann Ann\n#player2 ben Ben\n>ann: \xC4RGE?T 8G \xC4RGEr +12 12\n";
    assert_int_equal(parse(&g, latin1, &de, "german", &d), SK_OK);
    assert_string_equal(g.events[0].rack, "ÄRGE?T");
    assert_string_equal(g.events[0].notation, "8G ÄRGEr");
    assert_int_equal(g.events[0].move.tiles[0], tile_of(&de, "Ä", 0));
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    /* with it, such a byte is an error */
    const char declared[] = "#character-encoding UTF-8\n#player1 ann Ann\n#player2 ben Ben\n"
                            ">ann: \xC4RGE?T 8G ARGEr +12 12\n";
    assert_int_equal(parse(&g, declared, &de, "german", &d), SK_EINVAL);
    expect_one_error(declared, &d, 4, 7, "invalid UTF-8 (byte 0xC4)");
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
}

/* A short Polish game under the classic rules and the Polish tiles, board checked. */
static void replays_a_polish_game(void **state)
{
    (void)state;
    sk_board board;
    sk_tileset pl;
    sk_buf text;
    tu_read_source(&text, "resources/boards/CrosswordGame.txt");
    assert_int_equal(sk_board_parse(&board, text.data, text.len, SK_BOARD_FORMAT_AUTO, NULL),
                     SK_OK);
    sk_buf_free(&text);
    assert_int_equal(sk_tileset_builtin(&pl, "polish"), SK_OK);
    sk_rules rules;
    sk_rules_init(&rules, SK_RULES_CLASSIC, &board, &pl, NULL);
    sk_gcg g;
    sk_diag_list d;
    const char clean[] = HEAD "#lexicon OSPS49\n"
                              ">ann: ĆĘIKPST 8G STĘPIĆ +46 46\n"
                              ">ben: ?AŁNRWZ H7 ł.A +3 3\n"
                              ">ann: AKMOŻŹI -ŻŹ +0 46\n";
    assert_int_equal(parse(&g, clean, NULL, NULL, &d), SK_OK);
    sk_gcg_result res;
    int rc = sk_gcg_replay(&g, &rules, &res, &d);
    for (size_t i = 0; i < d.count; i++)
        print_message("  %s\n", d.items[i].message);
    assert_int_equal(d.count, 0);
    assert_int_equal(rc, SK_OK);
    assert_true(res.board_checked);
    assert_false(res.board_stopped);
    assert_int_equal(res.scores[0], 46);
    assert_int_equal(res.scores[1], 3);
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    /* a wrong score is found, at its column */
    const char wrong[] = HEAD "#lexicon OSPS49\n>ann: ĆĘIKPST 8G STĘPIĆ +44 44\n";
    assert_int_equal(parse(&g, wrong, NULL, NULL, &d), SK_OK);
    assert_int_equal(sk_gcg_replay(&g, &rules, &res, &d), SK_EINVAL);
    expect_one_error(wrong, &d, 5, 30, "score +44 for 8G STĘPIĆ: the play scores 46");
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(polish_from_the_lexicon), cmocka_unit_test(brackets_for_longer_labels),
        cmocka_unit_test(letters_of_no_tile),      cmocka_unit_test(the_caller_names_the_tile_set),
        cmocka_unit_test(replays_a_polish_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
