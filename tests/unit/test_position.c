/* test_position.c — CGP lines: fields, ops (known and unknown), round trips, diagnostics. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#include "skrab/error.h"
#include "skrab/position.h"

static int parse(sk_position *p, const char *line, sk_diag_list *d)
{
    sk_diag_list_init(d);
    return sk_position_parse_cgp(p, line, strlen(line), NULL, d);
}

static void round_trip(const char *line)
{
    sk_position p;
    sk_diag_list d;
    assert_int_equal(parse(&p, line, &d), SK_OK);
    sk_buf out;
    sk_buf_init(&out);
    sk_position_write_cgp(&p, NULL, &out);
    assert_string_equal(sk_buf_str(&out), line);
    sk_buf_free(&out);
    sk_diag_list_free(&d);
}

static void reads_fields(void **state)
{
    (void)state;
    sk_position p;
    sk_diag_list d;
    const char *line = "15/15/12L2/12O1V/12U1O/1L10I1T/KI2G1Q2B2ERE/E2FOGIE1R3AD/MUNI3WEANING1/"
                       "B2A3E1PO2AH/1VINE2R2R3A/1I1C3S1OM3U/1THEN9L/1AAS10E/2J11R AEERSTT/YD "
                       "127/334 1 lex CSW19; ld english;";
    assert_int_equal(parse(&p, line, &d), SK_OK);
    assert_int_equal(p.width, 15);
    assert_int_equal(p.height, 15);
    assert_int_equal(sk_position_tile(&p, 2, 12), tu_tile('L'));
    assert_int_equal(sk_position_tile(&p, 6, 0), tu_tile('K'));
    assert_int_equal(sk_position_tile(&p, 0, 0), 0);
    assert_int_equal(p.nplayers, 2);
    assert_string_equal(tu_ascii(p.racks[0]), "AEERSTT");
    assert_string_equal(tu_ascii(p.racks[1]), "YD");
    assert_int_equal(p.scores[0], 127);
    assert_int_equal(p.scores[1], 334);
    assert_int_equal(p.zeros, 1);
    assert_string_equal(sk_position_op(&p, "lex"), "CSW19");
    assert_string_equal(sk_position_op(&p, "ld"), "english");
    assert_null(sk_position_op(&p, "bdn"));
    sk_diag_list_free(&d);
    /* blanks, an unknown rack, negative scores, an op without operand, unknown ops kept */
    round_trip("14C/13QI/12FIE/10VEE1R/9KIT2G/8CIG1IDE/8UTA2AS/7ST1SYPh1/6JA5A1/5WOLD2BOBA/"
               "3PLOT1R1NU1EX/Y1VEIN1NOR1mOA1/UT1AT1N1L2FEH1/GUR2WIRER5/SNEEZED8 ADENOOO/ "
               "353/-236 0 lex CSW19; oru; tmr 824793/1000; zz some thing;");
    round_trip("16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 ?AB/ 0/0 0 var skrabbkle;");
    /* a bracketed label is a tile like any other, and is written back without brackets when it
     * is one character */
    assert_int_equal(parse(&p, "1[A]1/2[q] ?[B]/ 0/0 0", &d), SK_OK);
    assert_int_equal(sk_position_tile(&p, 0, 1), tu_tile('A'));
    assert_int_equal(sk_position_tile(&p, 1, 2), tu_tile('q'));
    assert_string_equal(tu_ascii(p.racks[0]), "?B");
    sk_buf out;
    sk_buf_init(&out);
    sk_position_write_cgp(&p, NULL, &out);
    assert_string_equal(sk_buf_str(&out), "1A1/2q ?B/ 0/0 0");
    sk_buf_free(&out);
    sk_diag_list_free(&d);
}

static void reference_positions_round_trip(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof(path), "%s/tests/data/positions/classic.cgp", SKRAB_SOURCE_DIR);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[SK_CGP_LINE_MAX];
    int n = 0;
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        round_trip(line);
        n++;
    }
    fclose(f);
    assert_int_equal(n, 6);
}

static void expect(const char *line, const char *needle, size_t offset)
{
    sk_position p;
    sk_diag_list d;
    assert_int_not_equal(parse(&p, line, &d), SK_OK);
    for (size_t i = 0; i < d.count; i++)
        if (strstr(d.items[i].message, needle) && d.items[i].offset == offset) {
            sk_diag_list_free(&d);
            return;
        }
    for (size_t i = 0; i < d.count; i++)
        print_error("  have @%zu %s\n", d.items[i].offset, d.items[i].message);
    fail_msg("'%s': no error '%s' at %zu", line, needle, offset);
}

static void diagnostics(void **state)
{
    (void)state;
    expect("15/15 AB/ 0/0", "zero-turn count is missing", 13);
    expect("15/14 AB/ 0/0 0", "row 2 is 14 squares wide, row 1 is 15", 3);
    expect("27 A/ 0/0 0", "wider than 26", 0);
    expect("3/3 ab/ 0/0 0", "unexpected 'a' in a rack", 4);
    expect("3/3 AAAAABBBBBCCCCCDDDDDE/ 0/0 0", "rack of 21 tiles; at most 20", 4);
    expect("3/3 AB/CD/EF 0/0 0", "3 racks but 2 scores", 13);
    expect("3/3 AB 0/0 0", "1 rack but 2 scores", 7);
    expect("3/3 AB/CD 0 0", "2 racks but 1 score", 10);
    expect("3/1 AB/ 0/0 0", "row 2 is 1 square wide, row 1 is 3", 2);
    expect("3/3 AB/", "the scores are missing", 7);
    expect("3/3", "the racks are missing", 3);
    expect("3/3 AB/ x/0 0", "score 'x' is not an integer", 8);
    expect("3/3 AB/ 0/0 -1", "an integer 0..999999", 12);
    expect("3/3 AB/ 0/0 1000000", "an integer 0..999999", 12);
    /* a bracketed label is read through the alphabet: A..Z has no CH */
    expect("1[CH]1/3 AB/ 0/0 0", "'[CH]' is not a tile of the tile set", 1);
    expect("3/0 AB/ 0/0 0", "empty-square run of 0", 2);
    expect("3/03 AB/ 0/0 0", "empty-square run with a leading 0", 2);
    expect("A02/3 AB/ 0/0 0", "empty-square run with a leading 0", 1);
    expect("3/3$ AB/ 0/0 0", "unexpected '$' in the board", 3);
}

static void set_ops(void **state)
{
    (void)state;
    sk_position p;
    sk_diag_list d;
    assert_int_equal(parse(&p, "3/3 / 0/0 0 lex A; foo bar;", &d), SK_OK);
    assert_int_equal(sk_position_set_op(&p, "lex", "wordlist"), SK_OK);
    assert_int_equal(sk_position_set_op(&p, "var", "classic"), SK_OK);
    /* what a CGP line could not read back is refused, and changes nothing */
    assert_int_equal(sk_position_set_op(&p, "a b", "v"), SK_EINVAL);
    assert_int_equal(sk_position_set_op(&p, "", "v"), SK_EINVAL);
    assert_int_equal(sk_position_set_op(&p, "x;", "v"), SK_EINVAL);
    assert_int_equal(sk_position_set_op(&p, "lex", "x;y"), SK_EINVAL);
    sk_buf out;
    sk_buf_init(&out);
    sk_position_write_cgp(&p, NULL, &out);
    assert_string_equal(sk_buf_str(&out), "3/3 / 0/0 0 lex wordlist; foo bar; var classic;");
    /* every op of a code goes, the others keep their order; an absent one is no change */
    sk_diag_list_free(&d);
    assert_int_equal(parse(&p, "3/3 / 0/0 0 foo 1; lex A; foo 2; var classic;", &d), SK_OK);
    sk_position_remove_op(&p, "foo");
    sk_position_remove_op(&p, "gid");
    sk_buf_clear(&out);
    sk_position_write_cgp(&p, NULL, &out);
    assert_string_equal(sk_buf_str(&out), "3/3 / 0/0 0 lex A; var classic;");
    sk_buf_free(&out);
    sk_diag_list_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_fields),
        cmocka_unit_test(reference_positions_round_trip),
        cmocka_unit_test(diagnostics),
        cmocka_unit_test(set_ops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
