/* test_gcg_corpus.c DIR — `skrab replay` on a corpus of real transcripts: DIR holds the GCG files
 * and an INDEX.tsv describing them (20 tab-separated columns, the file first, the error MAGPIE
 * expects last). The corpus is not part of the project; this test is registered only when the
 * SKRAB_GCG_CORPUS cache variable names it (tests/CMakeLists.txt). Every transcript INDEX.tsv lists
 * without an expected error replays clean with -l none, except the few below that are wrong on
 * purpose or by accident; each of the 49 MAGPIE error cases fails with a diagnostic on the
 * offending line that names the kind of error. The Polish and German transcripts replay with
 * their board, racks and scores checked, in the tile set their #lexicon names or, where it names
 * none we know, the one given with -t (TILE_SETS). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* What our messages say for each MAGPIE error kind (any one of the phrases). */
static const struct {
    const char *kind, *phrases[3];
} KINDS[] = {
    {"RACK_MALFORMED", {"malformed rack"}},
    {"CHALLENGE_BONUS_WITHOUT_PLAY", {"challenge bonus without a play"}},
    {"PRAGMA_SUCCEEDED_EVENT", {"after the first event"}},
    {"DUPLICATE_NAMES", {"duplicate name '"}},
    {"DUPLICATE_NICKNAMES", {"duplicate nickname"}},
    {"GCG_EMPTY", {"empty transcript"}},
    {"MISPLACED_ENCODING", {"#character-encoding must be the first line"}},
    {"END_GAME_EVENT_BEFORE_GAME_END", {"before the game ended"}},
    {"RACK_END_POINTS_INCORRECT", {"end-of-game points"}},
    {"EVENT_AFTER_LAST_RACK", {"event after a #rack line"}},
    {"MOVE_VALIDATION_ERROR", {"illegal move", "malformed move", "exchange"}},
    {"RACK_NOT_IN_BAG", {"is not in the bag"}},
    {"GAME_EVENT_OFF_TURN", {"out of turn"}},
    {"INVALID_CHALLENGE_BONUS_PLAYER_INDEX", {"challenge bonus goes to"}},
    {"INVALID_PHONY_TILES_PLAYER_INDEX", {"phony withdrawn by"}},
    {"END_RACK_PENALTY_INCORRECT", {"end-of-game penalty"}},
    {"LEXICON_NOT_SPECIFIED", {"no lexicon"}},
    {"NO_MATCHING_TOKEN", {"unrecognized event"}},
    {"NOTE_PRECEDENT_EVENT", {"#note before the first event"}},
    {"PHONY_TILES_RETURNED_MISMATCH", {"withdrawn tiles"}},
    {"PHONY_TILES_RETURNED_WITHOUT_PLAY", {"phony withdrawn without a play"}},
    {"PLAYER_DOES_NOT_EXIST", {"unknown player"}},
    {"PLAYER_NUMBER_REDUNDANT", {"given twice"}},
    {"REDUNDANT_PRAGMA", {"given twice"}},
    {"CUMULATIVE_SCORING_ERROR", {"running total"}},
    {"PLAYED_LETTERS_NOT_IN_RACK", {"are not the rack"}},
    {"PREMATURE_TIME_PENALTY", {"time penalty before the end-of-game"}},
    {"GAME_REDUNDANT_TIME_PENALTY", {"second time penalty"}},
    {"UNRECOGNIZED_GAME_VARIANT", {"unrecognized game variant"}},
    {"UNSUPPORTED_CHARACTER_ENCODING", {"unsupported character encoding"}},
    {"MOVE_EVENT_AFTER_GAME_END", {"after the game ended"}},
    {"GAME_EVENT_BEFORE_PLAYER", {"event before #player"}},
};

/* The offending line of each MAGPIE error case (read off the file against the success file
 * it was made from). */
static const struct {
    const char *file;
    int line;
} LINES[] = {
    {"challenge_bonus_rack_malformed", 24},
    {"challenge_bonus_without_play", 24},
    {"description_after_events", 31},
    {"duplicate_names", 3},
    {"duplicate_nicknames", 3},
    {"empty", 1},
    {"encoding_wrong_place", 20},
    {"end_game_event_before_game_end", 18},
    {"end_penalty_rack_malformed", 15},
    {"end_points_rack_malformed", 45},
    {"end_rack_points_incorrect", 36},
    {"event_after_last_rack", 37},
    {"exchange_malformed", 6},
    {"exchange_not_in_rack", 6},
    {"first_rack_not_in_bag", 13},
    {"game_event_off_turn", 15},
    {"invalid_challenge_bonus_player_index", 24},
    {"invalid_phony_tiles_player_index", 22},
    {"invalid_tile_placement", 27},
    {"last_rack1_not_in_bag", 14},
    {"last_rack2_not_in_bag", 13},
    {"last_rack_penalty_incorrect", 17},
    {"lexicon_missing", 4},
    {"malformed_play", 11},
    {"malformed_rack", 30},
    {"midgame_rack_not_in_bag", 35},
    {"move_before_player", 3},
    {"move_event_after_game_end", 45},
    {"no_matching_token", 10},
    {"note_before_events", 4},
    {"pass_rack_malformed", 28},
    {"phony_tiles_returned_mismatch", 22},
    {"phony_tiles_returned_with_no_play", 35},
    {"play_out_of_bounds", 18},
    {"played_tile_not_in_rack", 9},
    {"player_does_not_exist", 30},
    {"player_number_redundant", 3},
    {"redundant_pragma", 5},
    {"six_pass_cumulative_scoring_error", 17},
    {"six_pass_last_rack_malformed", 16},
    {"standard_cumulative_scoring_error", 15},
    {"time_penalty_before_rack_penalties", 15},
    {"time_penalty_before_rack_points", 45},
    {"time_penalty_between_rack_penalties", 16},
    {"time_penalty_duplicate", 47},
    {"time_penalty_first_event", 12},
    {"time_penalty_midgame", 15},
    {"unrecognized_game_variant", 2},
    {"unsupported_character_encoding", 1},
};

/* Transcripts listed without an expected error that replay reports all the same, each for a
 * finding that is really in the file; the line and phrase pin it down. */
static const struct {
    const char *file;
    int line;
    const char *phrase, *why;
} KNOWN_BAD[] = {
    {"macondo/gcgio/testdata/name_weird_encoding_with_header.gcg", 1,
     "unsupported character encoding 'ISO8859-6'",
     "macondo's own test (TestParseUnsupportedEncoding) expects this error"},
    {"macondo/gcgio/testdata/incomplete_elise.gcg", 26, "it has 3 'A' but only 2 are unseen",
     "#rack1 and #rack2 hold 4 A; 6 of the 9 are on the board"},
    {"magpie-data/testdata/gcgs/game_events_overflow.gcg", 19, "the play places no tile",
     "MAGPIE's event-overflow input repeats moves onto squares already filled"},
    {"magpie-data/testdata/gcgs/malformed_challenge_rack.gcg", 13, "malformed rack '~!#'",
     "the rack is malformed, as its name says (challenge_bonus_rack_malformed is an error)"},
    {"quackle/test/positions/consonant_heaviness_tendency.gcg", 2, "duplicate nickname 'NoName'",
     "both players are called NoName (duplicate_nicknames is an error)"},
    {"quackle/test/positions/multiplayer-crash.gcg", 7, "tile 'F' is not on the rack",
     "a crash test of Quackle's: nine racks lack the tiles played"},
    {"scrabscrap/nu19_johannes-stefan.gcg", 20, "running total 308 for Johannes: 243 + 66",
     "an OCR'd transcript with two sums off by one (lines 20 and 26); the phony withdrawn on "
     "line 21 (E5 NEUENDER, 20:20) also needs a U that the rack DEENENR lacks"},
    {"scrabscrap/nu19_stefan-hanns.gcg", 28, "score +32 for 13A .\xc3\x84LE: the play scores 22",
     "G\xc3\x84LE on A13-D13 is 2+6+2+1 doubled on C13: 22, not the 32 written (its total "
     "follows the 32)"},
};

/* Transcripts whose #lexicon names no tile set we know (or that have none): the tile set they are
 * played with, given with -t. Each of them, and each whose lexicon names a tile set of letters
 * beyond A-Z, must replay with the board checked. */
static const struct {
    const char *file, *tiles;
} TILE_SETS[] = {
    {"macondo/gcgio/testdata/polish_endgame.gcg", "polish"}, /* no #lexicon */
    {"scrabscrap/nu19_johannes-stefan.gcg", "german"},       /* #lexicon D25WL04 */
    {"scrabscrap/nu19_stefan-hanns.gcg", "german"},          /* no #lexicon */
    {"scrabscrap/nu19_timon-alex.gcg", "german"},            /* no #lexicon */
};

/* Transcripts of letters beyond A-Z: their board must be checked. */
static const char *const CHECKED[] = {
    "macondo/gcgio/testdata/polish_endgame.gcg",
    "scrabscrap/hh19-inessa-stefan.gcg",
    "scrabscrap/nu19_johannes-stefan.gcg",
    "scrabscrap/nu19_stefan-hanns.gcg",
    "scrabscrap/nu19_timon-alex.gcg",
};

static char data_dir[1024];

static int has_error(const char *err, const char *path, int line, const char *const *phrases,
                     int nphrases)
{
    char prefix[1200];
    int np = snprintf(prefix, sizeof(prefix), "%s:%d:", path, line);
    if (np < 0 || (size_t)np >= sizeof(prefix)) return 0; /* a path this long is not ours */
    for (const char *l = err; l && *l;) {
        const char *nl = strchr(l, '\n');
        size_t n = nl ? (size_t)(nl - l) : strlen(l);
        char buf[2048];
        snprintf(buf, sizeof(buf), "%.*s", (int)(n < sizeof(buf) - 1 ? n : sizeof(buf) - 1), l);
        const char *msg = strstr(buf, ": error: "); /* the phrase in the message, not the path */
        if (strncmp(buf, prefix, strlen(prefix)) == 0 && msg)
            for (int i = 0; i < nphrases; i++)
                if (phrases[i] && strstr(msg, phrases[i])) return 1;
        l = nl ? nl + 1 : NULL;
    }
    return 0;
}

static void replay_file(tu_run *r, const char *file, const char *path, int with_lexicon_none)
{
    const char *tiles = NULL;
    for (size_t k = 0; k < sizeof(TILE_SETS) / sizeof(TILE_SETS[0]); k++)
        if (strcmp(TILE_SETS[k].file, file) == 0) tiles = TILE_SETS[k].tiles;
    const char *argv[8];
    int n = 0;
    argv[n++] = "replay";
    if (with_lexicon_none) {
        argv[n++] = "-l";
        argv[n++] = "none";
    }
    if (tiles) {
        argv[n++] = "-t";
        argv[n++] = tiles;
    }
    argv[n++] = path;
    argv[n] = NULL;
    tu_run_cli(r, NULL, argv);
}

/* Fails unless a transcript of CHECKED replayed with its board checked to the end. */
static int must_be_checked(const char *file, const tu_run *r)
{
    for (size_t k = 0; k < sizeof(CHECKED) / sizeof(CHECKED[0]); k++)
        if (strcmp(CHECKED[k], file) == 0) {
            const char *out = sk_buf_str(&r->out);
            if (strstr(out, "board not checked") || strstr(out, "board checks stopped"))
                fail_msg("%s: the board was not checked to the end\n%s%s", file, out,
                         sk_buf_str(&r->err));
            return 1;
        }
    return 0;
}

static const char *basename_of(const char *path, char *out, size_t size)
{
    const char *b = strrchr(path, '/');
    snprintf(out, size, "%s", b ? b + 1 : path);
    char *dot = strrchr(out, '.');
    if (dot) *dot = '\0';
    return out;
}

static void corpus_transcripts(void **state)
{
    (void)state;
    char index[1100];
    snprintf(index, sizeof(index), "%s/INDEX.tsv", data_dir);
    FILE *f = fopen(index, "r");
    if (!f) fail_msg("%s: cannot be read (SKRAB_GCG_CORPUS names the corpus directory)", index);
    char row[4096];
    int clean = 0, failing = 0, known = 0, checked = 0, header = 1;
    while (fgets(row, sizeof(row), f)) {
        row[strcspn(row, "\r\n")] = '\0';
        if (header) {
            header = 0;
            continue;
        }
        char *fields[20];
        int n = 0;
        for (char *p = row; n < 20;) {
            fields[n++] = p;
            char *tab = strchr(p, '\t');
            if (!tab) break;
            *tab = '\0';
            p = tab + 1;
        }
        assert_int_equal(n, 20);
        const char *file = fields[0], *expected = fields[19];
        char path[2200], base[256];
        snprintf(path, sizeof(path), "%s/%s", data_dir, file);
        basename_of(file, base, sizeof(base));
        tu_run r;
        if (!expected[0]) {
            size_t k = 0;
            while (k < sizeof(KNOWN_BAD) / sizeof(KNOWN_BAD[0]) && strcmp(KNOWN_BAD[k].file, file))
                k++;
            replay_file(&r, file, path, 1);
            checked += must_be_checked(file, &r);
            if (k < sizeof(KNOWN_BAD) / sizeof(KNOWN_BAD[0])) {
                const char *phrases[] = {KNOWN_BAD[k].phrase};
                if (r.status != 1 ||
                    !has_error(sk_buf_str(&r.err), path, KNOWN_BAD[k].line, phrases, 1))
                    fail_msg("%s (%s): status %d\n%s", file, KNOWN_BAD[k].why, r.status,
                             sk_buf_str(&r.err));
                known++;
            } else {
                if (r.status != 0)
                    fail_msg("%s: status %d\n%s", file, r.status, sk_buf_str(&r.err));
                clean++;
            }
            tu_run_free(&r);
            continue;
        }
        const char *kind = expected + strlen("ERROR_STATUS_GCG_PARSE_");
        size_t k = 0, l = 0;
        while (k < sizeof(KINDS) / sizeof(KINDS[0]) && strcmp(KINDS[k].kind, kind))
            k++;
        while (l < sizeof(LINES) / sizeof(LINES[0]) && strcmp(LINES[l].file, base))
            l++;
        if (k == sizeof(KINDS) / sizeof(KINDS[0])) fail_msg("%s: unknown kind %s", file, kind);
        if (l == sizeof(LINES) / sizeof(LINES[0])) fail_msg("%s: no offending line known", file);
        /* MAGPIE reports a missing lexicon only without one configured: no -l here */
        replay_file(&r, file, path, strcmp(kind, "LEXICON_NOT_SPECIFIED") != 0);
        if (r.status != 1 ||
            !has_error(sk_buf_str(&r.err), path, LINES[l].line, KINDS[k].phrases, 3))
            fail_msg("%s: expected %s on line %d, status %d\n%s", file, kind, LINES[l].line,
                     r.status, sk_buf_str(&r.err));
        failing++;
        tu_run_free(&r);
    }
    fclose(f);
    print_message("%d transcripts clean, %d fail as MAGPIE expects, %d known bad; %d of letters "
                  "beyond A-Z checked\n",
                  clean, failing, known, checked);
    assert_int_equal(checked, (int)(sizeof(CHECKED) / sizeof(CHECKED[0])));
    assert_int_equal(failing, 49);
    assert_int_equal(clean + known, 195 - 49);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_gcg_corpus DIR\n");
        return 2;
    }
    snprintf(data_dir, sizeof(data_dir), "%s", argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_transcripts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
