/* fuzz_position_moves.c — libFuzzer target for what check, score and apply do with a position and
 * moves: the first line of the input is a CGP position (English tiles), every further line a
 * move. Each move that parses is checked under the classic rules with a small lexicon, under the
 * classic rules without one and under the skrabbkle rules, on a board of the position's size; a
 * refusal always says why. A legal move scores the same when its words are worked out again from
 * its placed tiles (sk_rules_words, as for a generated move) and when its canonical form is read
 * and checked again; applied (sk_game_apply) under the classic rules with the lexicon, the
 * position it gives is a CGP line that reads back and writes the same, and the next move is
 * played from it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/error.h"
#include "skrab/game.h"
#include "skrab/lexicon.h"
#include "skrab/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MOVES_MAX 12 /* moves of one input played, at most */

static const char WORDS[] = "AA\nAB\nAE\nAI\nAN\nAR\nAS\nAT\nBE\nCARE\nCARES\nEAT\nEATS\nER\nES\n"
                            "ETA\nIN\nIS\nIT\nNA\nNE\nQI\nRACE\nRE\nSATIN\nSEAT\nSTAIN\nTA\nTE\n"
                            "TEA\nTI\nZA\nRETAINS\nNASTIER\nANESTRI\nZOO\nOZ\nOE\nOI\nON\nOR\n";

/* Writes POS as CGP and reads it back: it must read and write the same line. */
static void check_round_trip(const sk_position *pos, const sk_alphabet *abc)
{
    sk_buf a, b;
    sk_buf_init(&a);
    sk_buf_init(&b);
    sk_position_write_cgp(pos, abc, &a);
    sk_position back;
    if (a.failed || sk_position_parse_cgp(&back, a.data, a.len, abc, NULL) != SK_OK) abort();
    sk_position_write_cgp(&back, abc, &b);
    if (b.failed || a.len != b.len || memcmp(a.data, b.data, a.len) != 0) abort();
    sk_buf_free(&a);
    sk_buf_free(&b);
}

/* Checks the legal PLAY of POS again two ways: from its placed tiles, and from its canonical
 * form read back. */
static void check_agreement(const sk_rules *rules, const sk_position *pos, const sk_play *play,
                            int bag)
{
    const sk_alphabet *abc = &rules->tiles->alphabet;
    if (play->kind == SK_MOVE_PLACE) {
        sk_play again;
        memset(&again, 0, sizeof(again));
        again.kind = play->kind;
        again.dir = play->dir;
        again.nplaced = play->nplaced;
        memcpy(again.placed, play->placed, sizeof(again.placed));
        if (sk_rules_words(rules, pos, &again) != SK_OK || again.score != play->score ||
            again.nwords != play->nwords || again.bingo != play->bingo)
            abort(); /* score and check work the words out alike */
    }
    sk_buf text;
    sk_buf_init(&text);
    sk_play_write_gcg(play, abc, &text);
    sk_move m;
    sk_play back;
    char why[300];
    if (text.failed || sk_move_parse(&m, text.data, text.len, abc, why, sizeof(why)) != SK_OK)
        abort(); /* the canonical form reads back */
    if (sk_rules_check(rules, pos, &m, bag, &back, why, sizeof(why)) != SK_LEGAL ||
        back.score != play->score || back.kind != play->kind || back.nplaced != play->nplaced)
        abort(); /* and is the same legal move */
    sk_buf_free(&text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sk_tileset english, skrabbkle;
    static sk_lexicon *lex;
    static int ready;
    if (!ready) {
        if (sk_tileset_builtin(&english, "english") != SK_OK ||
            sk_tileset_builtin(&skrabbkle, "skrabbkle") != SK_OK ||
            sk_lexicon_from_wordlist(&lex, WORDS, strlen(WORDS), NULL, NULL, NULL) != SK_OK)
            abort();
        ready = 1;
    }
    if (size > SK_CGP_LINE_MAX + 4096) return 0;
    const char *text = (const char *)data, *end = text + size;
    const char *nl = memchr(text, '\n', size);
    size_t line = nl ? (size_t)(nl - text) : size;
    const sk_alphabet *abc = &english.alphabet;
    sk_position *pos = malloc(sizeof(*pos));
    if (!pos) return 0;
    sk_diag_list d;
    sk_diag_list_init(&d);
    int rc = sk_position_parse_cgp(pos, text, line, abc, &d);
    if (rc != SK_OK) {
        if (d.errors == 0) abort(); /* a refusal says why */
        goto done;
    }
    check_round_trip(pos, abc);
    sk_board board;
    if (sk_board_init(&board, pos->width, pos->height) != SK_OK) abort();
    for (int i = 0; i < pos->width * pos->height; i += 7) /* premiums of both kinds */
        board.squares[i] =
            (sk_square){(signed char)(i % 2 ? SK_SQ_LETTER : SK_SQ_WORD), (signed char)(i % 3 + 2)};
    sk_rules classic, bare, skr;
    sk_rules_init(&classic, SK_RULES_CLASSIC, &board, &english, lex);
    sk_rules_init(&bare, SK_RULES_CLASSIC, &board, &english, NULL);
    sk_rules_init(&skr, SK_RULES_SKRABBKLE, &board, &skrabbkle, lex);
    const sk_rules *all[3] = {&classic, &bare, &skr};
    const char *p = nl ? nl + 1 : end;
    for (int n = 0; n < MOVES_MAX && p < end; n++) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        size_t len = e ? (size_t)(e - p) : (size_t)(end - p);
        sk_move m;
        char why[300];
        why[0] = '\0';
        if (sk_move_parse(&m, p, len, abc, why, sizeof(why)) != SK_OK) {
            if (!why[0]) abort(); /* a malformed move says why */
        } else {
            sk_play play, applied;
            int legal_classic = 0;
            for (int r = 0; r < 3; r++) {
                int bag = sk_position_bag(pos, all[r]->tiles, all[r]->rack_size);
                why[0] = '\0';
                sk_play got;
                sk_illegal v = sk_rules_check(all[r], pos, &m, bag, &got, why, sizeof(why));
                if (v != SK_LEGAL) {
                    if (!why[0]) abort(); /* an illegal move says why */
                    continue;
                }
                check_agreement(all[r], pos, &got, bag);
                if (r == 0) {
                    play = got;
                    legal_classic = 1;
                }
            }
            if (legal_classic) {
                applied = play;
                int tiles = sk_position_tile_count(pos);
                if (sk_game_apply(pos, &applied, &english, classic.rack_size, NULL) != SK_OK)
                    goto done; /* the rack lacks the tiles: the position is partly changed */
                if (sk_position_tile_count(pos) !=
                    tiles + (play.kind == SK_MOVE_PLACE ? play.nplaced : 0))
                    abort(); /* the move's tiles, and only they, were placed */
                /* not checked: one player whose rack went unknown, which CGP cannot write (its
                 * racks field would be empty: docs/formats.md, "Positions (CGP)") */
                if (pos->nplayers == 1 && !pos->racks[0][0]) goto done;
                check_round_trip(pos, abc);
            }
        }
        p = e ? e + 1 : end;
    }
done:
    sk_diag_list_free(&d);
    free(pos);
    return 0;
}
