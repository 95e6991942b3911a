/* test_gcg.c — the GCG reader and the replay: every event kind read with its fields and
 * offsets, CRLF and a byte-order mark, each notation error at its line; then short games of
 * our own replayed clean, and one mistake of each kind found on the line that makes it. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#include "skrab/error.h"
#include "skrab/gcg.h"

/* ---- helpers ----------------------------------------------------------------------------- */

static int line_of(const char *text, size_t offset)
{
    int line = 0, col = 0;
    sk_diag_locate(text, strlen(text), offset, &line, &col);
    return line;
}

/* Fails unless D has an entry of SEVERITY on LINE whose message contains NEEDLE. */
static void expect_diag(const char *text, const sk_diag_list *d, sk_severity severity, int line,
                        const char *needle)
{
    for (size_t i = 0; i < d->count; i++)
        if (d->items[i].severity == severity && strstr(d->items[i].message, needle) &&
            line_of(text, d->items[i].offset) == line)
            return;
    for (size_t i = 0; i < d->count; i++)
        print_error("  have line %d %s: %s\n", line_of(text, d->items[i].offset),
                    sk_severity_name(d->items[i].severity), d->items[i].message);
    fail_msg("no %s '%s' on line %d", sk_severity_name(severity), needle, line);
}

static void expect_no_errors(const char *text, const sk_diag_list *d)
{
    if (d->errors == 0) return;
    for (size_t i = 0; i < d->count; i++)
        print_error("  line %d %s: %s\n", line_of(text, d->items[i].offset),
                    sk_severity_name(d->items[i].severity), d->items[i].message);
    fail_msg("%zu unexpected errors", d->errors);
}

/* Parses TEXT, expecting an error on LINE that says NEEDLE. */
static void parse_error(const char *text, int line, const char *needle)
{
    sk_gcg g;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_gcg_parse(&g, text, strlen(text), &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, line, needle);
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
}

typedef struct {
    sk_board board;
    sk_tileset tiles;
    sk_lexicon *lex;
    sk_rules rules;
} fixture;

/* A 26-tile bag (samples/gcg/tiny-bag.txt), so that a game ends within a few moves. */
static const char TINY_BAG[] = "A 1 4\nE 1 4\nI 1 2\nO 1 2\nR 1 2\nS 1 2\nT 1 2\nN 1 2\nL 1 1\n"
                               "D 2 1\nG 2 1\nC 3 1\nH 4 1\n? 0 1\n";

static void setup_rules(fixture *f, sk_ruleset rs, const char *tiles, const char *words)
{
    memset(f, 0, sizeof(*f));
    sk_buf text;
    tu_read_source(&text, rs == SK_RULES_SKRABBKLE ? "resources/defaultBoard.txt"
                                                   : "resources/boards/CrosswordGame.txt");
    assert_int_equal(sk_board_parse(&f->board, text.data, text.len, SK_BOARD_FORMAT_AUTO, NULL),
                     SK_OK);
    sk_buf_free(&text);
    if (tiles)
        assert_int_equal(
            sk_tileset_parse(&f->tiles, tiles, strlen(tiles), SK_TILES_FORMAT_AUTO, NULL), SK_OK);
    else
        assert_int_equal(
            sk_tileset_builtin(&f->tiles, rs == SK_RULES_SKRABBKLE ? "skrabbkle" : "english"),
            SK_OK);
    if (words)
        assert_int_equal(sk_lexicon_from_wordlist(&f->lex, words, strlen(words), NULL, NULL, NULL),
                         SK_OK);
    sk_rules_init(&f->rules, rs, &f->board, &f->tiles, f->lex);
}

static void teardown_rules(fixture *f)
{
    sk_lexicon_free(f->lex);
}

/* Parses and replays TEXT under F's rules (NULL: none); returns the replay's code. */
static int replay(const char *text, const fixture *f, sk_gcg_result *res, sk_diag_list *d)
{
    sk_gcg g;
    sk_diag_list_init(d);
    int rc = sk_gcg_parse(&g, text, strlen(text), d);
    assert_true(rc == SK_OK || rc == SK_EINVAL);
    int rrc = sk_gcg_replay(&g, f ? &f->rules : NULL, res, d);
    sk_gcg_free(&g);
    return rc == SK_OK ? rrc : rc;
}

static void replay_error(const char *text, const fixture *f, int line, const char *needle)
{
    sk_gcg_result res;
    sk_diag_list d;
    assert_int_equal(replay(text, f, &res, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, line, needle);
    sk_diag_list_free(&d);
}

static void replay_clean(const char *text, const fixture *f, sk_gcg_result *res)
{
    sk_diag_list d;
    int rc = replay(text, f, res, &d);
    expect_no_errors(text, &d);
    assert_int_equal(rc, SK_OK);
    sk_diag_list_free(&d);
}

/* ---- the reader -------------------------------------------------------------------------- */

static const char EVERY_EVENT[] = "#character-encoding UTF-8\n"                 /* 1 */
                                  "#player1 ann Ann Smith\n"                    /* 2 */
                                  "#player2 ben Ben\n"                          /* 3 */
                                  "#lexicon CSW21\n"                            /* 4 */
                                  ">ann: ACEHRTW 8D WRETCH +36 36\n"            /* 5 */
                                  ">ben: DEIMNOU -7 +0 0\n"                     /* 6 */
                                  "#note a blind exchange\n"                    /* 7 */
                                  "that goes on here\n"                         /* 8 */
                                  ">ann: ADEFIKL e6 FIR(K)ED +28 64\n"          /* 9 */
                                  ">ben: AEGINOR - +0 0\n"                      /* 10 */
                                  ">ann: ABEGINO -ABG +0 64\n"                  /* 11 */
                                  ">ben: AEGINOR 9D O.E +9 9\n"                 /* 12 */
                                  ">ben: AEGINOR -- -9 0\n"                     /* 13 */
                                  ">ann: AEGINO  (challenge) +5 69\n"           /* 14 */
                                  ">ben:  (AEI) +6 6\n"                         /* 15 */
                                  ">ann: AE? (AE?) -2 67\n"                     /* 16 */
                                  ">ann:  (time) +-10 57\n"                     /* 17 */
                                  ">ben: UNKNOWN (challenge) +5 11 trailing\n"; /* 18 */

static void reads_every_event(void **state)
{
    (void)state;
    sk_gcg g;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_gcg_parse(&g, EVERY_EVENT, strlen(EVERY_EVENT), &d), SK_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(g.nplayers, 2);
    assert_string_equal(g.players[0].nick, "ann");
    assert_string_equal(g.players[0].name, "Ann Smith");
    assert_string_equal(g.lexicon.value, "CSW21");
    assert_true(g.utf8);
    assert_int_equal(g.nevents, 12);
    static const sk_gcg_event_kind kinds[] = {
        SK_GCG_MOVE,       SK_GCG_EXCHANGE,    SK_GCG_MOVE,  SK_GCG_PASS,
        SK_GCG_EXCHANGE,   SK_GCG_MOVE,        SK_GCG_PHONY, SK_GCG_CHALLENGE,
        SK_GCG_END_POINTS, SK_GCG_END_PENALTY, SK_GCG_TIME,  SK_GCG_CHALLENGE,
    };
    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
        assert_int_equal(g.events[i].kind, kinds[i]);
    const sk_gcg_event *e = &g.events[0];
    assert_int_equal(e->player, 0);
    assert_string_equal(e->rack, "ACEHRTW");
    assert_string_equal(e->notation, "8D WRETCH");
    assert_int_equal(e->move.kind, SK_MOVE_PLACE);
    assert_int_equal(e->move.dir, SK_ACROSS);
    assert_int_equal(e->score, 36);
    assert_int_equal(e->cumul, 36);
    assert_int_equal(line_of(EVERY_EVENT, e->move_at), 5);
    assert_memory_equal(EVERY_EVENT + e->cumul_at, "36\n", 3);
    e = &g.events[1];
    assert_int_equal(e->move.kind, SK_MOVE_EXCHANGE);
    assert_int_equal(e->move.exchange_count, 7);
    assert_string_equal(e->move.exchange, "");
    e = &g.events[2];
    assert_int_equal(e->move.dir, SK_DOWN);
    assert_int_equal(e->move.through[3], 1); /* the K in ( ) */
    assert_string_equal(tu_ascii(g.events[4].move.exchange), "ABG");
    assert_int_equal(g.events[6].score, -9);
    assert_string_equal(g.events[8].tiles, "AEI");
    assert_string_equal(g.events[8].rack, "");
    assert_int_equal(g.events[9].score, -2);
    assert_string_equal(g.events[9].tiles, "AE?");
    assert_int_equal(g.events[10].score, -10);
    assert_string_equal(g.events[11].rack, ""); /* UNKNOWN: a placeholder */
    assert_int_equal(g.events[11].cumul, 11);
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
}

static void reads_crlf_and_bom(void **state)
{
    (void)state;
    const char text[] = "\xEF\xBB\xBF#character-encoding utf8\r\n#player1 a A\r\n#player2 b B\r\n"
                        ">a: ACEHRTW 8D WRETCH +36 36\r\n>b: DEIMNOU -7 +0 0\r\n";
    sk_gcg g;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_gcg_parse(&g, text, strlen(text), &d), SK_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(g.nevents, 2);
    assert_int_equal(g.events[1].cumul, 0);
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
}

/* A pragma value longer than a value holds is cut after a whole character, without the blanks
 * before the cut: it reads back the same from a CGP op, which is trimmed. */
static void long_values_cut_cleanly(void **state)
{
    (void)state;
    char text[600];
    char value[400];
    memset(value, 'x', SK_GCG_TEXT_MAX - 2);
    strcpy(value + SK_GCG_TEXT_MAX - 2, "  tail"); /* blanks just before the cut */
    snprintf(text, sizeof(text), "#lexicon %s\n#player1 a A\n#player2 b B\n", value);
    sk_gcg g;
    assert_int_equal(sk_gcg_parse(&g, text, strlen(text), NULL), SK_OK);
    assert_int_equal(strlen(g.lexicon.value), SK_GCG_TEXT_MAX - 2);
    sk_gcg_free(&g);
    memset(value, 'x', SK_GCG_TEXT_MAX - 1);
    strcpy(value + SK_GCG_TEXT_MAX - 1, "\xC5\x81ODZ"); /* a two-byte letter across the cut */
    snprintf(text, sizeof(text), "#lexicon %s\n#player1 a A\n#player2 b B\n", value);
    assert_int_equal(sk_gcg_parse(&g, text, strlen(text), NULL), SK_OK);
    assert_int_equal(strlen(g.lexicon.value), SK_GCG_TEXT_MAX - 1);
    sk_gcg_free(&g);
}

/* White space of any kind (a lone CR, a form feed) around a nickname or value is not part of
 * it, as it is not of a CGP op's operand. */
static void values_trimmed_of_any_white_space(void **state)
{
    (void)state;
    const char text[] = "#lexicon \fCSW21 \r\v\n#player1 \rann\fAnn Lee\r \n#player2 ben Ben\n"
                        ">ann: ACEHRTW 8D WRETCH +36 36\n";
    sk_gcg g;
    assert_int_equal(sk_gcg_parse(&g, text, strlen(text), NULL), SK_OK);
    assert_string_equal(g.lexicon.value, "CSW21");
    assert_string_equal(g.players[0].nick, "ann");
    assert_string_equal(g.players[0].name, "Ann Lee");
    assert_int_equal(g.events[0].player, 0);
    sk_gcg_free(&g);
}

static void reader_errors(void **state)
{
    (void)state;
    const char *players = "#player1 a A\n#player2 b B\n";
    char text[1024];
    struct {
        const char *body;
        int line;
        const char *needle;
    } cases[] = {
        {">a: ACEHRTW 8D WRETCH 36\n", 3, "unrecognized event"},
        {">a: ACE3RTW 8D WRETCH +36 36\n", 3, "malformed rack 'ACE3RTW'"},
        {">a: AcEHRTW 8D WRETCH +36 36\n", 3, "lowercase 'c'"},
        {">a: ACEHRTW 8D WRE2CH +36 36\n", 3, "malformed move"},
        {">a: ACEHRTW 8D W(RE +36 36\n", 3, "malformed move"},
        {">a: ACEHRTW Z99 WRETCH +36 36\n", 3, "malformed move"},
        {">a: ACEHRTW -K.OI +0 0\n", 3, "malformed exchange"},
        {">a:  (A#) +2 2\n", 3, "malformed rack"},
        {">c: ACEHRTW 8D WRETCH +36 36\n", 3, "unknown player 'c'"},
        {">a: ACEHRTW 8D WRETCH +1234567 36\n", 3, "out of range"},
        {"#note hello\n", 3, "#note before the first event"},
        {"#character-encoding UTF-8\n", 3, "must be the first line"},
        {"#title x\n#title y\n", 4, "#title given twice (first on line 3)"},
        {"#player1 c C\n", 3, "#player1 given twice"},
        {">a: ACEHRTW 8D WRETCH +36 36\n#lexicon CSW21\n", 4, "after the first event"},
        {">a: ACEHRTW 8D WRETCH +36 36\n#player3 c C\n", 3, "event before #player3"},
        {"#rack1 AB\n>a: ACEHRTW 8D WRETCH +36 36\n", 4, "event after a #rack line"},
        {"#rack1 A1\n", 3, "malformed rack"},
        {"#rack3 AB\n", 3, "#rack3, but there is no #player3"},
        {"#player0 z Z\n", 3, "#player0: players are numbered 1 to 8"},
        {"#rack9 AB\n", 3, "#rack9: players are numbered 1 to 8"},
        {"what is this\n", 3, "unrecognized line"},
        {"#game-type\n", 3, "needs a value"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        snprintf(text, sizeof(text), "%s%s", players, cases[i].body);
        parse_error(text, cases[i].line, cases[i].needle);
    }
    parse_error("", 1, "empty transcript");
    parse_error("#character-encoding latin1\n", 1, "unsupported character encoding 'latin1'");
    parse_error("#player1 a A\n>a: ACEHRTW 8D WRETCH +36 36\n#player2 b B\n", 2,
                "event before #player2");
    parse_error("#player2 b B\n>b: ACEHRTW 8D WRETCH +36 36\n", 2, "event before #player1");
    parse_error("#player1 a Al Bo\n#player2 b Al Bo\n", 2, "duplicate name 'Al Bo'");
    parse_error("#player1 a A\n#player2 a B\n", 2, "duplicate nickname 'a'");
    parse_error("#player1 a A\n#player3 c C\n", 3, "#player2 is missing");
    const char nul[] = "#player1 a A\n#player2 b B\n>a: A\0 - +0 0\n";
    sk_gcg g;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_gcg_parse(&g, nul, sizeof(nul) - 1, &d), SK_EINVAL);
    expect_diag(nul, &d, SK_SEV_ERROR, 3, "NUL byte");
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
}

static void long_lines_and_many_events(void **state)
{
    (void)state;
    sk_buf t;
    sk_buf_init(&t);
    sk_buf_puts(&t, "#player1 a A\n#player2 b B\n#note ");
    for (int i = 0; i < SK_GCG_LINE_MAX; i++)
        sk_buf_putc(&t, 'x');
    sk_buf_putc(&t, '\n');
    for (int i = 0; i <= SK_GCG_EVENTS_MAX; i++)
        sk_buf_puts(&t, i % 2 ? ">b: A - +0 0\n" : ">a: A - +0 0\n");
    sk_gcg g;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_gcg_parse(&g, t.data, t.len, &d), SK_EINVAL);
    expect_diag(t.data, &d, SK_SEV_ERROR, 3, "line longer than 8192 bytes");
    expect_diag(t.data, &d, SK_SEV_ERROR, 4 + SK_GCG_EVENTS_MAX, "more than 1000 events");
    assert_int_equal(g.nevents, SK_GCG_EVENTS_MAX);
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    sk_buf_free(&t);
}

static void pragmas_name_resources(void **state)
{
    (void)state;
    const char text[] = "#player1 a A\n#player2 b B\n#lexicon OSPS49\n#board-layout standard21\n"
                        "#variant skrabbkle\n";
    sk_gcg g;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_gcg_parse(&g, text, strlen(text), &d), SK_OK);
    assert_string_equal(sk_gcg_board_name(&g), "SuperCrosswordGame");
    assert_string_equal(sk_gcg_tiles_name(&g), "polish");
    sk_ruleset rs = SK_RULES_CLASSIC;
    assert_int_equal(sk_gcg_ruleset(&g, &rs, &d), SK_OK);
    assert_int_equal(rs, SK_RULES_SKRABBKLE);
    sk_gcg_free(&g);
    const char other[] = "#player1 a A\n#player2 b B\n#lexicon NWL23\n#game-type lonify\n"
                         "#tile-distribution english\n";
    assert_int_equal(sk_gcg_parse(&g, other, strlen(other), &d), SK_OK);
    assert_null(sk_gcg_board_name(&g));
    assert_string_equal(sk_gcg_tiles_name(&g), "english");
    assert_int_equal(sk_gcg_ruleset(&g, &rs, &d), SK_EINVAL);
    expect_diag(other, &d, SK_SEV_ERROR, 4, "unrecognized game variant 'lonify'");
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
}

/* ---- the replay -------------------------------------------------------------------------- */

#define HEAD "#player1 ann Ann\n#player2 ben Ben\n"
/* lines 3-6 */
#define OPENING                                                                                    \
    ">ann: ACEHRTW 8D WRETCH +36 36\n"                                                             \
    ">ben: DEIMNOU -7 +0 0\n"                                                                      \
    ">ann: ADEFIKL E6 FIRKED +28 64\n"                                                             \
    ">ben: AEGINOR 7I ORIGANE +66 66\n"

static void replays_a_classic_opening(void **state)
{
    (void)state;
    fixture f;
    setup_rules(&f, SK_RULES_CLASSIC, NULL, NULL);
    sk_gcg_result res;
    replay_clean(HEAD OPENING, &f, &res);
    assert_int_equal(res.scores[0], 64);
    assert_int_equal(res.scores[1], 66);
    assert_int_equal(res.events, 4);
    assert_false(res.game_over);
    assert_true(res.board_checked);
    assert_int_equal(sk_position_tile(&res.position, 7, 3), tu_tile('W'));
    assert_int_equal(sk_position_tile(&res.position, 6, 8), tu_tile('O'));
    /* the same with through-tiles written three ways, and a phony withdrawn in between */
    replay_clean(HEAD ">ann: ACEHRTW 8D WRETCH +36 36\n"
                      ">ben: AEGINOR D8 .ORGANIE +76 76\n"
                      ">ben: AEGINOR -- -76 0\n"
                      ">ann: ADEFIKL e6 FI(R)KED +28 64\n"
                      ">ben: AEGINOR 7I ORIGANE +66 66\n"
                      ">ann: ABDELOT - +0 64\n",
                 &f, &res);
    assert_int_equal(sk_position_tile(&res.position, 8, 3), 0); /* withdrawn */
    teardown_rules(&f);
}

/* What shows_each_turn's callback saw: one CGP line and who played what, a turn. */
typedef struct {
    int n;
    char lines[8][200];
} turns_seen;

static void see_turn(void *ctx, const sk_gcg_turn *t)
{
    turns_seen *s = ctx;
    if (s->n == 8) fail_msg("more than 8 turns");
    sk_buf o;
    sk_buf_init(&o);
    sk_position_write_cgp(t->before, NULL, &o);
    snprintf(s->lines[s->n++], sizeof(s->lines[0]), "%d %s | %s", t->player, t->event->notation,
             sk_buf_str(&o) + strspn(sk_buf_str(&o), "0123456789/ABCDEFGHIJKLMNOPQRSTUVWXYZ"));
    sk_buf_free(&o);
}

static void shows_each_turn(void **state)
{
    (void)state;
    fixture f;
    setup_rules(&f, SK_RULES_CLASSIC, NULL, NULL);
    /* each turn from the position before it: the mover's rack, the totals from the mover's on,
     * the scoreless turns; a withdrawn play is a turn, the withdrawal and the bonus are not */
    const char *text = HEAD ">ann: ACEHRTW 8D WRETCH +36 36\n"
                            ">ben: DEIMNOU -7 +0 0\n"
                            ">ann: ADEFIKL E6 FIRKED +28 64\n"
                            ">ben: AEGINOR 9F ORANGIE +80 80\n"
                            ">ben: AEGINOR -- -80 0\n"
                            ">ann: AEILLOT - +0 64\n"
                            ">ben: AEGINOR 7I ORIGANE +66 66\n"
                            ">ben: BDEEOTU (challenge) +5 71\n"
                            ">ann: - +0 64\n";
    sk_gcg g;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_gcg_parse(&g, text, strlen(text), &d), SK_OK);
    sk_gcg_result res;
    turns_seen seen = {0};
    assert_int_equal(sk_gcg_replay_turns(&g, &f.rules, &res, &d, see_turn, &seen), SK_OK);
    const char *want[] = {
        "0 8D WRETCH |  ACEHRTW/ 0/0 0",
        "1 -7 |  DEIMNOU/ 0/36 0",
        "0 E6 FIRKED |  ADEFIKL/ 36/0 1",
        "1 9F ORANGIE |  AEGINOR/ 0/64 0",
        "0 - |  AEILLOT/ 64/0 1",
        "1 7I ORIGANE |  AEGINOR/ 0/64 2",
        "0 - |  / 64/71 0",
    };
    assert_int_equal(seen.n, 7);
    for (int i = 0; i < 7; i++)
        assert_string_equal(seen.lines[i], want[i]);
    assert_int_equal(res.scores[1], 71);
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    /* the board lost at a move that cannot be laid: no turn shown from there on; without
     * rules, none at all */
    const char *lost = HEAD ">ann: ACEHRTW 8D WRETCH +36 36\n"
                            ">ben: DEIMNOU P8 DEMON +20 20\n"
                            ">ann: ADEFIKL - +0 36\n";
    sk_diag_list_init(&d);
    assert_int_equal(sk_gcg_parse(&g, lost, strlen(lost), &d), SK_OK);
    memset(&seen, 0, sizeof(seen));
    sk_gcg_replay_turns(&g, &f.rules, &res, &d, see_turn, &seen);
    assert_int_equal(seen.n, 2);
    memset(&seen, 0, sizeof(seen));
    sk_gcg_replay_turns(&g, NULL, &res, &d, see_turn, &seen);
    assert_int_equal(seen.n, 0);
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    teardown_rules(&f);
}

static void replay_finds_mistakes(void **state)
{
    (void)state;
    fixture f;
    setup_rules(&f, SK_RULES_CLASSIC, NULL, NULL);
    struct {
        const char *events;
        int line;
        const char *needle;
    } cases[] = {
        /* the score, the running total; the first move off the start square */
        {">ann: ACEHRTW 8D WRETCH +37 37\n", 3, "score +37 for 8D WRETCH: the play scores 36"},
        {">ann: ACEHRTW 8D WRETCH +36 35\n", 3, "running total 35 for ann: 0 + 36 makes 36"},
        {">ann: ACEHRTW 1A WRETCH +36 36\n", 3, "first move must cover h8"},
        /* racks */
        {">ann: ACEHRTW 8D WRITCH +36 36\n", 3, "tile 'I' is not on the rack"},
        {">ann: ACEHRTZZ 8D WRETCH +36 36\n", 3, "not in the bag: it has 2 'Z'"},
        {">ann: ACEHRTWE 8D WRETCH +36 36\n", 3, "has 8 tiles; a rack holds 7"},
        {OPENING ">ann: ABCDWWW - +0 64\n", 7, "it has 3 'W' but only 1 is unseen"},
        /* turns, and moves on the board */
        {">ann: ACEHRTW 8D WRETCH +36 36\n>ann: DEIMNOU -7 +0 36\n", 4, "out of turn"},
        {">ann: ACEHRTW 8D WRETCH +36 36\n>ben: AEGINOR 2A ORIGANE +72 72\n", 4, "not connected"},
        {">ann: ACEHRTW 8D WRETCH +36 36\n>ben: AEGINOR 8D ORIGANE +72 72\n", 4,
         "square d8 holds W, not O"},
        {">ann: ACEHRTW 8D WRETCH +36 36\n>ben: AEGINOR P8 OE +2 2\n", 4, "runs off the board"},
        {">ann: ACEHRTW 8D WRETCH +36 36\n>ben: AEGINOR 9D .E +2 2\n", 4, "square d9 is empty"},
        /* passes and exchanges */
        {">ann: ACEHRTW - +3 3\n", 3, "a pass scores 0, not +3"},
        {">ann: ACEHRTW -ACE +1 1\n", 3, "an exchange scores 0, not +1"},
        {">ann: ACEHRTW -ACEE +0 0\n", 3, "illegal exchange -ACEE: only one 'E' is on the rack"},
        {">ann: ACEHRT -7 +0 0\n", 3, "illegal exchange -7"},
        /* phonies and challenge bonuses */
        {">ann: ACEHRTW - +0 0\n>ann: ACEHRTW -- -0 0\n", 4, "phony withdrawn without a play"},
        {OPENING ">ann: ABDELOT -- -66 -2\n", 7, "phony withdrawn by ann, but the play before"},
        {OPENING ">ben: AEGINOS -- -66 0\n", 7, "withdrawn tiles: rack AEGINOS is not AEGINOR"},
        {OPENING ">ben: AEGINOR -- -60 6\n", 7, "phony withdrawn for -60, but the play scored +66"},
        {">ann: ACEHRTW - +0 0\n>ann: ACEHRTW (challenge) +5 5\n", 4,
         "challenge bonus without a play"},
        {OPENING ">ann: ABDELOT (challenge) +5 69\n", 7, "challenge bonus goes to ben"},
        /* a player leaving */
        {"#dropped\n>ann: ACEHRTW - +0 0\n", 3, "#dropped needs the nickname"},
        {"#dropped cy gone\n>ann: ACEHRTW - +0 0\n", 3, "#dropped names 'cy', who is not"},
        {"#dropped ben\n#dropped ben\n>ann: ACEHRTW - +0 0\n", 4, "ben dropped twice"},
        /* end-of-game lines during the game */
        {OPENING ">ann:  (time) -10 54\n", 7, "time penalty before the game ended"},
        {OPENING ">ben:  (ABC) +14 80\n", 7, "end-of-game points before the game ended"},
        {OPENING ">ben: ABC (ABC) -7 59\n", 7, "end-of-game penalty before the game ended"},
    };
    char text[2048];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        snprintf(text, sizeof(text), HEAD "%s", cases[i].events);
        replay_error(text, &f, cases[i].line, cases[i].needle);
    }
    teardown_rules(&f);
}

static void one_mistake_one_report(void **state)
{
    (void)state;
    fixture f;
    setup_rules(&f, SK_RULES_CLASSIC, NULL, NULL);
    /* a slip in a total, then lines that go on from the wrong total or from the right one */
    const char *texts[] = {
        HEAD ">ann: ACEHRTW 8D WRETCH +36 38\n>ben: DEIMNOU -7 +0 0\n"
             ">ann: ADEFIKL E6 FIRKED +28 66\n",
        HEAD ">ann: ACEHRTW 8D WRETCH +36 38\n>ben: DEIMNOU -7 +0 0\n"
             ">ann: ADEFIKL E6 FIRKED +28 64\n",
        /* a turn left out, the total fitting both players: the line is the named player's */
        HEAD ">ann: ACEHRTW - +0 0\n>ben: DEIMNOU - +0 0\n>ben: DEIMNOU - +0 0\n"
             ">ann: ACEHRTW - +0 0\n",
        /* a wrong nickname: the line is taken as the right player's */
        HEAD ">ann: ACEHRTW 8D WRETCH +36 36\n>ann: DEIMNOU -7 +0 0\n"
             ">ann: ADEFIKL E6 FIRKED +28 64\n",
        /* a blank written as its letter: read as the blank (the score is the blank's) */
        HEAD ">ann: ?ACEHRT 8D WRETCH +20 20\n>ben: DEIMNOU - +0 0\n",
        /* a letter its rack lacks: neither its score nor the tile on the board is reported
         * again (the Z is not in the game: a later rack may hold the set's one Z) */
        HEAD ">ann: ACEHRTW 8D WRETCZ +36 36\n>ben: DEIMNOZ - +0 0\n",
        /* a player who left plays on: the player is back, the tiles no longer counted */
        HEAD ">ann: ACEHRTW 8D WRETCH +36 36\n#dropped ben\n>ben: DEIMNOU -7 +0 0\n"
             ">ann: ADEFIKL E6 FIRKED +28 64\n>ben: DEIMNOU - +0 0\n",
    };
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        sk_gcg_result res;
        sk_diag_list d;
        assert_int_equal(replay(texts[i], &f, &res, &d), SK_EINVAL);
        assert_int_equal(d.errors, 1);
        sk_diag_list_free(&d);
    }
    teardown_rules(&f);
}

/* A nickname no #player line has is said on its first line only (a #player line that repeats
 * another's nickname leaves the other player's lines all unknown). */
static void unknown_nickname_said_once(void **state)
{
    (void)state;
    fixture f;
    setup_rules(&f, SK_RULES_CLASSIC, NULL, NULL);
    sk_gcg_result res;
    sk_diag_list d;
    assert_int_equal(replay("#player1 ann Ann\n#player2 ann Ben\n>ann: ACEHRTW - +0 0\n"
                            ">ben: DEIMNOU - +0 0\n>ann: ACEHRTW - +0 0\n>ben: DEIMNOU - +0 0\n"
                            ">ann: ACEHRTW - +0 0\n>ben: DEIMNOU - +0 0\n",
                            &f, &res, &d),
                     SK_EINVAL);
    assert_int_equal(d.errors, 2); /* the duplicate, and 'ben' on line 4 */
    size_t unknown = 0;
    for (size_t i = 0; i < d.count; i++)
        unknown += strstr(d.items[i].message, "unknown player 'ben'") != NULL;
    assert_int_equal(unknown, 1);
    sk_diag_list_free(&d);
    teardown_rules(&f);
}

/* A whole game in the tiny bag: dee goes out, eve keeps an S (samples/gcg/quackle-style.gcg). */
#define TINY_HEAD "#player1 dee Dee\n#player2 eve Eve\n"
#define TINY_GAME                                                                                  \
    ">dee: ?AEIORR H2 ARRIErO +64 64\n"                                                            \
    ">eve: AEGHNST 5D GAHNITES +98 98\n"                                                           \
    ">dee: ACDEENO 4C DANCER +35 99\n"                                                             \
    ">eve: AILST 6C LATI +23 121\n"                                                                \
    ">dee: EO 3B OE +10 109\n" /* line 7 */

static void replays_the_end_of_a_game(void **state)
{
    (void)state;
    fixture f;
    setup_rules(&f, SK_RULES_CLASSIC, TINY_BAG, NULL);
    sk_gcg_result res;
    replay_clean(TINY_HEAD TINY_GAME ">dee:  (S) +2 111\n>eve:  (time) -10 111\n", &f, &res);
    assert_true(res.game_over);
    assert_int_equal(res.scores[0], 111);
    assert_int_equal(res.scores[1], 111);
    /* Quackle: the value once, and a penalty line for the other player */
    replay_clean(TINY_HEAD TINY_GAME ">dee:  (S) +1 110\n>eve: S (S) -1 120\n", &f, &res);
    /* a failed challenge of the going-out play costs the challenger a turn: a pass */
    replay_clean(TINY_HEAD TINY_GAME ">eve: S - +0 121\n>dee:  (S) +2 111\n", &f, &res);
    /* a going-out play that is withdrawn: the game goes on */
    replay_clean(TINY_HEAD TINY_GAME ">dee: EO -- -10 99\n>eve: S - +0 121\n", &f, &res);
    assert_false(res.game_over);
    struct {
        const char *tail;
        int line;
        const char *needle;
    } cases[] = {
        {">dee:  (S) +4 113\n", 8, "end-of-game points +4: twice the value of S (1) is +2"},
        {">dee:  (T) +2 111\n", 8, "the tiles left are S, not T"},
        {">eve:  (S) +2 123\n", 8, "end-of-game points for eve, but dee went out"},
        {">dee:  (S) +1 110\n", 8, "twice is the rule, or eve's end-of-game penalty"},
        {">dee:  (S) +2 111\n>eve: S (S) -1 120\n", 9, "already gained twice their value"},
        {">dee:  (S) +2 111\n>eve: A - +0 121\n", 9, "pass after the game ended"},
        {">dee:  (S) +2 111\n>eve: S 10H SS +2 123\n", 9, "move after the game ended"},
        {">eve:  (time) -10 111\n>dee:  (S) +2 111\n", 8,
         "time penalty before the end-of-game points"},
        {">dee:  (S) +2 111\n>eve:  (time) -10 111\n>eve:  (time) -10 101\n", 10,
         "second time penalty for eve"},
        {">dee:  (S) +2 111\n>dee: S (S) -1 110\n", 9, "who went out and has no tiles left"},
        {">dee:  (S) +2 111\n>eve:  (time) +10 131\n", 9, "a time penalty is negative"},
        {"#rack2 SS\n", 8, "not in the bag: it has 2 'S' but only 1 is unseen"},
    };
    char text[2048];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        snprintf(text, sizeof(text), TINY_HEAD TINY_GAME "%s", cases[i].tail);
        replay_error(text, &f, cases[i].line, cases[i].needle);
    }
    /* a play of more tiles than are left */
    replay_error(TINY_HEAD ">dee: ?AEIORR H2 ARRIErO +64 64\n>eve: AEGHNST 5D GAHNITES +98 98\n"
                           ">dee: ACDEENO 4C DANCER +35 99\n>eve: AEILST 6C LATI +23 121\n",
                 &f, 6, "rack AEILST has 6 tiles, but eve holds only 5 now");
    teardown_rules(&f);
}

static void scoreless_turns_end_the_game(void **state)
{
    (void)state;
    fixture f;
    setup_rules(&f, SK_RULES_CLASSIC, NULL, NULL);
    const char six[] = HEAD ">ann: ACEHRTW - +0 0\n>ben: DEIMNOU - +0 0\n"
                            ">ann: ACEHRTW - +0 0\n>ben: DEIMNOU - +0 0\n"
                            ">ann: ACEHRTW - +0 0\n>ben: DEIMNOU - +0 0\n"; /* lines 3-8 */
    char text[1024];
    sk_gcg_result res;
    snprintf(text, sizeof(text),
             "%s>ann: ACEHRTW (ACEHRTW) -15 -15\n"
             ">ben: DEIMNOU (DEIMNOU) -10 -10\n>ann:  (time) -10 -25\n",
             six);
    replay_clean(text, &f, &res);
    assert_true(res.game_over);
    /* stopping before the penalties is a warning on the last line, not an error */
    snprintf(text, sizeof(text), "%s>ann: ACEHRTW (ACEHRTW) -15 -15\n", six);
    sk_diag_list d;
    assert_int_equal(replay(text, &f, &res, &d), SK_OK);
    expect_diag(text, &d, SK_SEV_WARNING, 9, "ends without the end-of-game penalties");
    assert_int_equal(d.errors, 0);
    sk_diag_list_free(&d);
    assert_int_equal(replay(six, &f, &res, &d), SK_OK);
    expect_diag(six, &d, SK_SEV_WARNING, 8, "the scoreless turns ran out");
    sk_diag_list_free(&d);
    snprintf(text, sizeof(text), "%s>ann: ACEHRTW - +0 0\n", six);
    replay_error(text, &f, 9, "pass after the game ended");
    snprintf(text, sizeof(text), "%s>ann: ACEHRTW (ACEHRTW) -16 -16\n", six);
    replay_error(text, &f, 9, "end-of-game penalty -16: the tiles ACEHRTW are worth 15");
    snprintf(text, sizeof(text), "%s>ann: ACEHRTW (ACEHRTT) -15 -15\n", six);
    replay_error(text, &f, 9, "end-of-game penalty tiles (ACEHRTT) are not the rack ACEHRTW");
    snprintf(text, sizeof(text), "%s>ann: ACEHRTW (ACEHRTW) -15 -15\n>ann:  (time) -10 -25\n", six);
    replay_error(text, &f, 10, "time penalty before the end-of-game penalties");
    snprintf(text, sizeof(text), "%s>ann:  (ACEHRTW) +32 32\n", six);
    replay_error(text, &f, 9, "after the scoreless turns");
    /* a phony withdrawn is a scoreless turn too; five are not the end */
    replay_clean(HEAD ">ann: ACEHRTW 8D WRETCH +36 36\n>ann: ACEHRTW -- -36 0\n"
                      ">ben: DEIMNOU - +0 0\n>ann: ACEHRTW - +0 0\n>ben: DEIMNOU - +0 0\n"
                      ">ann: ACEHRTW - +0 0\n>ben: AEGINOR 8D ORIGANE +68 68\n",
                 &f, &res);
    teardown_rules(&f);
}

static void skrabbkle_rules(void **state)
{
    (void)state;
    fixture f;
    setup_rules(&f, SK_RULES_SKRABBKLE, NULL, "QUAG\nMAUGRING\nVEHM\n");
    const char *head = "#game-type skrabbkle\n#player1 h H\n#player2 c C\n";
    const char *opening = ">h: AGHNQUV 8G QUAG +32 32\n>c: AGIMNRU J1 MAUGRING +89 89\n";
    char text[1024];
    sk_gcg_result res;
    snprintf(text, sizeof(text), "%s%s>h: EHIJNUV 1G VEHM +36 68\n", head, opening);
    replay_clean(text, &f, &res);
    snprintf(text, sizeof(text), "%s%s>h: EHIJNUV I6 HEA +5 37\n", head, opening);
    replay_error(text, &f, 6, "creates a second word HI");
    snprintf(text, sizeof(text), "%s%s>h: EHIJNUV -HIJ +0 32\n", head, opening);
    replay_error(text, &f, 6, "exchange is not allowed in skrabbkle");
    snprintf(text, sizeof(text), "%s%s>h: EHIJNUV 1H EHM +24 56\n", head, opening);
    replay_error(text, &f, 6, "not in lexicon: EHM"); /* no challenges: an error */
    /* four passes end a skrabbkle game; each player then loses their own tiles */
    snprintf(text, sizeof(text),
             "%s%s>h: EHIJNUV - +0 32\n>c: ABCDEFG - +0 89\n>h: EHIJNUV - +0 32\n"
             ">c: ABCDEFG - +0 89\n>h: EHIJNUV (EHIJNUV) -21 11\n>c: ABCDEFG - +0 89\n",
             head, opening);
    replay_error(text, &f, 11, "pass after the game ended");
    teardown_rules(&f);
}

static void words_checked_with_a_lexicon(void **state)
{
    (void)state;
    fixture f;
    setup_rules(&f, SK_RULES_CLASSIC, NULL, "WRETCH\nORIGANE\nFIRKED\n");
    sk_gcg_result res;
    sk_diag_list d;
    /* a phony that stood is a warning in classic; one withdrawn is nothing */
    const char stood[] = HEAD ">ann: ACEHRTW 8D WRETCH +36 36\n>ben: AEGINOR D8 .ORGANIE +76 76\n";
    assert_int_equal(replay(stood, &f, &res, &d), SK_OK);
    expect_diag(stood, &d, SK_SEV_WARNING, 4, "not in lexicon: WORGANIE (the play stood");
    sk_diag_list_free(&d);
    const char withdrawn[] = HEAD ">ann: ACEHRTW 8D WRETCH +36 36\n"
                                  ">ben: AEGINOR D8 .ORGANIE +70 70\n>ben: AEGINOR -- -70 0\n";
    assert_int_equal(replay(withdrawn, &f, &res, &d), SK_OK);
    /* a wrong score on a withdrawn play did not count: a warning */
    expect_diag(withdrawn, &d, SK_SEV_WARNING, 4, "the play scores 76 (it was withdrawn");
    assert_int_equal(d.count, 1);
    sk_diag_list_free(&d);
    teardown_rules(&f);
}

static void without_the_board(void **state)
{
    (void)state;
    fixture f;
    setup_rules(&f, SK_RULES_CLASSIC, NULL, NULL);
    sk_gcg_result res;
    sk_diag_list d;
    /* a transcript read in the letters of another tile set than the rules': only turns and
     * totals */
    const char polish[] = HEAD ">ann: ĆĘIKPST 8G STĘPIĆ +46 46\n>ben: ACEHRTW 7F WE +99 99\n"
                               ">ann: ABC - +0 47\n";
    sk_tileset pl;
    assert_int_equal(sk_tileset_builtin(&pl, "polish"), SK_OK);
    sk_gcg g;
    sk_diag_list_init(&d);
    assert_int_equal(sk_gcg_parse_tiles(&g, polish, strlen(polish), &pl.alphabet, "polish", &d),
                     SK_OK);
    assert_int_equal(sk_gcg_replay(&g, &f.rules, &res, &d), SK_EINVAL);
    expect_diag(polish, &d, SK_SEV_WARNING, 3, "not those of the game's tile set");
    expect_diag(polish, &d, SK_SEV_ERROR, 5, "running total 47 for ann");
    assert_int_equal(d.errors, 1);
    assert_false(res.board_checked);
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    /* no rules at all */
    assert_int_equal(replay(HEAD ">ann: ACEHRTW 1A WRETCH +1 1\n", NULL, &res, &d), SK_OK);
    assert_false(res.board_checked);
    sk_diag_list_free(&d);
    /* still, the tiles of a withdrawn phony and of an end-of-game penalty are compared (in
     * A..Z) */
    replay_clean(HEAD ">ann: ACEHRTW 8D WRETCH +36 36\n>ann: WTRHECA -- -36 0\n", NULL, &res);
    replay_error(HEAD ">ann: ACEHRTW 8D WRETCH +36 36\n>ann: ACEHRT? -- -36 0\n", NULL, 4,
                 "withdrawn tiles: rack ACEHRT? is not ACEHRTW");
    replay_error(HEAD ">ann: ACEHRTW - +0 0\n>ben: DEIMNOU - +0 0\n>ann: ACEHRTW - +0 0\n"
                      ">ben: DEIMNOU - +0 0\n>ann: ACEHRTW - +0 0\n>ben: DEIMNOU - +0 0\n"
                      ">ann: ACEHRTW (ACEHRTT) -15 -15\n",
                 NULL, 9, "end-of-game penalty tiles (ACEHRTT) are not the rack ACEHRTW");
    /* an unreadable line: board checks stop, totals go on */
    const char unreadable[] = HEAD ">ann: ACEHRTW 8D WRETCH +36 36\n>ben: what +0 0\n"
                                   ">ann: ADEFIKL 1A QQ +28 64\n>ben: AEGINOR - +0 1\n";
    assert_int_equal(replay(unreadable, &f, &res, &d), SK_EINVAL);
    expect_diag(unreadable, &d, SK_SEV_ERROR, 4, "unrecognized event");
    expect_diag(unreadable, &d, SK_SEV_NOTE, 4, "board checks stop here");
    assert_int_equal(d.errors, 1); /* ben's total resynchronises after the unknown line */
    assert_true(res.board_stopped);
    sk_diag_list_free(&d);
    teardown_rules(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_every_event),
        cmocka_unit_test(reads_crlf_and_bom),
        cmocka_unit_test(reader_errors),
        cmocka_unit_test(long_values_cut_cleanly),
        cmocka_unit_test(values_trimmed_of_any_white_space),
        cmocka_unit_test(long_lines_and_many_events),
        cmocka_unit_test(pragmas_name_resources),
        cmocka_unit_test(replays_a_classic_opening),
        cmocka_unit_test(shows_each_turn),
        cmocka_unit_test(replay_finds_mistakes),
        cmocka_unit_test(one_mistake_one_report),
        cmocka_unit_test(unknown_nickname_said_once),
        cmocka_unit_test(replays_the_end_of_a_game),
        cmocka_unit_test(scoreless_turns_end_the_game),
        cmocka_unit_test(skrabbkle_rules),
        cmocka_unit_test(words_checked_with_a_lexicon),
        cmocka_unit_test(without_the_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
