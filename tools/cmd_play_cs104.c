/* cmd_play_cs104.c — `skrab play --config FILE` (docs/play.md): the CS104 Scrabble game under
 * classic rules. The configuration names the tile set, dictionary and board (paths relative to
 * it), the hand size and the random seed (docs/formats.md, "Game configuration (CS104)"). 1 to 8
 * players, each a person or the computer (which plays its highest-scoring move, and passes when it
 * has none). Commands PASS, EXCHANGE TILES and PLACE DIR ROW COLUMN TILES in any case; every error
 * message says "error" and why. The game ends when the bag is empty and a player has no tiles left,
 * or when every player passed in one full round; then "Winner: NAME" or "Winners: A B". */
#include <errno.h>
#include <ctype.h>
#include <string.h>

#include "cmd_play.h"
#include "skrab/config.h"
#include "skrab/error.h"
#include "skrab/movegen.h"
#include "skrab/players.h"

#define NAME_MAX_LEN 80

typedef struct {
    sk_cli *cli;
    sk_dialog io;
    sk_cli_game *g;
    sk_match match;
    sk_movegen *gen;
    int nplayers, humans;
    char names[SK_PLAYERS_MAX][NAME_MAX_LEN + 1];
    int computer[SK_PLAYERS_MAX];
    sk_buf out;
} cs104;

static void say(cs104 *c)
{
    sk_dialog_say(&c->io, sk_buf_str(&c->out));
    sk_buf_clear(&c->out);
}

/* IO->line without the white space around it, into OUT[SIZE]. */
static void trimmed(const char *line, char *out, size_t size)
{
    while (isspace((unsigned char)*line))
        line++;
    size_t n = strlen(line);
    while (n > 0 && isspace((unsigned char)line[n - 1]))
        n--;
    if (n >= size) n = size - 1;
    memcpy(out, line, n);
    out[n] = '\0';
}

/* Reads and parses the configuration file CONFIG into CFG, printing its errors. Returns the
 * exit status. */
static int read_config(cs104 *c, const char *config, sk_config *cfg)
{
    sk_buf text;
    sk_buf_init(&text);
    int status = SK_EXIT_ERROR;
    if (sk_cli_read(c->cli, config, SK_CONFIG_FILE_MAX, &text, 0) == SK_OK) {
        sk_diag_list d;
        sk_diag_list_init(&d);
        status =
            sk_config_parse(cfg, text.data, text.len, &d) == SK_OK ? SK_EXIT_OK : SK_EXIT_FINDINGS;
        sk_cli_print_errors(c->cli, config, text.data, text.len, &d);
        sk_diag_list_free(&d);
    }
    sk_buf_free(&text);
    return status;
}

static int load_config(cs104 *c, const char *config, sk_config *cfg)
{
    int status = read_config(c, config, cfg);
    if (status != SK_EXIT_OK) return status;
    sk_cli_game *g = c->g;
    sk_game_spec spec;
    status = sk_cli_game_spec(c->cli, g, &spec);
    if (status != SK_EXIT_OK) return status;
    spec.has_ruleset = 1; /* the CS104 game is classic Scrabble, whatever -R says */
    spec.ruleset = SK_RULES_CLASSIC;
    char why[SK_PATH_MAX + 200];
    int rc = sk_game_spec_from_config(&spec, cfg, config, why, sizeof(why));
    if (rc != SK_OK) {
        sk_cli_error(c->cli, "%s: %s", config, why);
        return rc == SK_EINVAL ? SK_EXIT_FINDINGS : SK_EXIT_ERROR;
    }
    if ((status = sk_cli_game_load(c->cli, g, &spec)) != SK_EXIT_OK) return status;
    if (!g->loaded.lexicon) {
        sk_cli_error(c->cli, "the game needs a dictionary (not -l none)");
        return SK_EXIT_ERROR;
    }
    return SK_EXIT_OK;
}

/* Asks for the players: how many, their names, which are computers. 0 at end of input. */
static int ask_players(cs104 *c)
{
    char answer[SK_DIALOG_LINE_MAX];
    for (;;) {
        if (!sk_dialog_ask(&c->io, "How many players (1-8)? ")) return 0;
        trimmed(c->io.line, answer, sizeof(answer));
        if (strlen(answer) == 1 && answer[0] >= '1' && answer[0] <= '8') break;
        sk_buf_printf(&c->out, "error: the number of players must be 1 to 8, not '%s'\n", answer);
        say(c);
    }
    c->nplayers = answer[0] - '0';
    for (int p = 0; p < c->nplayers; p++) {
        sk_buf_printf(&c->out, "Name of player %d: ", p + 1);
        int ok = sk_dialog_ask(&c->io, sk_buf_str(&c->out));
        sk_buf_clear(&c->out);
        if (!ok) return 0;
        trimmed(c->io.line, c->names[p], sizeof(c->names[p]));
        if (!c->names[p][0]) snprintf(c->names[p], sizeof(c->names[p]), "Player %d", p + 1);
        for (;;) {
            sk_buf_printf(&c->out, "Is %s a computer player? (y/n, default n): ", c->names[p]);
            ok = sk_dialog_ask(&c->io, sk_buf_str(&c->out));
            sk_buf_clear(&c->out);
            if (!ok) return 0;
            trimmed(c->io.line, answer, sizeof(answer));
            if (!answer[0] || strcmp(answer, "n") == 0 || strcmp(answer, "N") == 0) break;
            if (strcmp(answer, "y") == 0 || strcmp(answer, "Y") == 0) {
                c->computer[p] = 1;
                break;
            }
            sk_buf_printf(&c->out, "error: answer y or n, not '%s'\n", answer);
            say(c);
        }
        c->humans += !c->computer[p];
    }
    return 1;
}

static void scoreboard(cs104 *c)
{
    sk_buf_puts(&c->out, "Scores:");
    for (int p = 0; p < c->nplayers; p++)
        sk_buf_printf(&c->out, "%s %s %d", p ? "," : "", c->names[p], sk_match_score(&c->match, p));
    sk_buf_printf(&c->out, "\nTiles in the bag: %d\n", sk_match_bag(&c->match));
}

/* What a legal move did: words and points, or the exchange or pass; new tiles for people. */
static void report(cs104 *c, int seat, const sk_play *play, const char *before)
{
    const char *name = c->names[seat];
    const char *after = sk_match_rack(&c->match, seat);
    size_t used = play->kind == SK_MOVE_PLACE      ? (size_t)play->nplaced
                  : play->kind == SK_MOVE_EXCHANGE ? strlen(play->exchange)
                                                   : 0;
    size_t kept = strlen(before) - used, drawn = strlen(after) > kept ? strlen(after) - kept : 0;
    if (play->kind == SK_MOVE_PASS) {
        sk_buf_printf(&c->out, "%s passes.\n", name);
        return;
    }
    if (play->kind == SK_MOVE_PLACE) {
        sk_buf_puts(&c->out, "Words formed:");
        for (int w = 0; w < play->nwords; w++) {
            sk_buf_puts(&c->out, w ? ", " : " ");
            sk_alphabet_write_tiles(&c->g->loaded.tiles.alphabet, play->words[w].letters, &c->out);
            sk_buf_printf(&c->out, " (%d)", play->words[w].score);
        }
        if (play->bingo)
            sk_buf_printf(&c->out, ", bonus for all %d tiles (%d)", c->g->loaded.rules.rack_size,
                          c->g->loaded.rules.bingo_bonus);
        sk_buf_printf(&c->out, "\n%s scores %d point%s; total %d.\n", name, play->score,
                      play->score == 1 ? "" : "s", sk_match_score(&c->match, seat));
    } else {
        sk_buf_printf(&c->out, "%s exchanges %zu tile%s.\n", name, used, used == 1 ? "" : "s");
    }
    if (c->computer[seat]) {
        sk_buf_printf(&c->out, "%s draws %zu tile%s.\n", name, drawn, drawn == 1 ? "" : "s");
    } else if (drawn) {
        sk_buf_puts(&c->out, "New tiles: ");
        sk_dialog_rack(&c->out, after + kept, &c->g->loaded.tiles);
        sk_buf_puts(&c->out, "\n");
    } else {
        sk_buf_puts(&c->out, "No new tiles: the bag is empty.\n");
    }
}

/* A person's turn: 1 when a move was played, 0 at the end of input. */
static int human_turn(cs104 *c, int seat)
{
    sk_dialog_board(&c->out, &c->g->loaded.board, &c->match.pos, &c->g->loaded.tiles);
    scoreboard(c);
    sk_buf_printf(&c->out, "%s, it is your turn. Your tiles: ", c->names[seat]);
    sk_dialog_rack(&c->out, sk_match_rack(&c->match, seat), &c->g->loaded.tiles);
    sk_buf_putc(&c->out, '\n');
    say(c);
    for (;;) {
        if (!sk_dialog_ask(&c->io, "Your move (PASS, EXCHANGE TILES or PLACE DIR ROW COLUMN "
                                   "TILES): "))
            return 0;
        sk_move mv;
        sk_play play;
        char why[300], command[SK_DIALOG_LINE_MAX];
        trimmed(c->io.line, command, sizeof(command));
        int rc = sk_move_parse(&mv, command, strlen(command), &c->g->loaded.tiles.alphabet, why,
                               sizeof(why));
        if (!command[0]) {
            sk_buf_puts(&c->out, "error: no command: enter PASS, EXCHANGE TILES or PLACE DIR ROW "
                                 "COLUMN TILES\n");
        } else if (rc == SK_OK && mv.notation == SK_NOTATION_CS104) {
            char rack[SK_RACK_MAX + 1];
            snprintf(rack, sizeof(rack), "%s", sk_match_rack(&c->match, seat));
            if (sk_match_check(&c->match, &mv, &play, why, sizeof(why)) == SK_LEGAL &&
                sk_match_play(&c->match, &play) == SK_OK) {
                report(c, seat, &play, rack);
                say(c);
                return 1;
            }
            sk_buf_printf(&c->out, "error: %s\n", why);
        } else if (mv.notation == SK_NOTATION_CS104) {
            sk_buf_printf(&c->out, "error: %s\n", why);
        } else {
            sk_buf_printf(&c->out,
                          "error: unknown command '%s': enter PASS, EXCHANGE TILES or PLACE DIR "
                          "ROW COLUMN TILES\n",
                          command);
        }
        say(c);
    }
}

/* The highest-scoring placement (any hand size), else the pass. */
static int computer_turn(cs104 *c, int seat)
{
    sk_move_list list;
    sk_move_list_init(&list);
    int rc = sk_movegen_all(c->gen, &c->g->loaded.rules, &c->match.pos, &list);
    sk_gen_move best; /* a pass until a placement is found */
    memset(&best, 0, sizeof(best));
    best.kind = SK_MOVE_PASS;
    for (size_t i = 0; rc == SK_OK && i < list.count; i++) {
        const sk_gen_move *m = &list.moves[i];
        if (best.kind == SK_MOVE_PASS || m->score > best.score ||
            (m->score == best.score && sk_gen_move_compare(m, &best) < 0))
            best = *m;
    }
    sk_move_list_free(&list);
    if (rc != SK_OK) {
        sk_cli_error(c->cli, "the computer cannot choose a move: %s", sk_strerror(rc));
        return -1;
    }
    sk_move mv;
    sk_play play;
    char why[300], rack[SK_RACK_MAX + 1];
    sk_gen_move_to_move(&best, &mv);
    sk_buf text;
    sk_buf_init(&text);
    sk_gen_move_write(&best, SK_PLAY_CS104, &c->g->loaded.tiles.alphabet, &text);
    sk_buf_printf(&c->out, "%s (computer) plays %s\n", c->names[seat], sk_buf_str(&text));
    sk_buf_free(&text);
    snprintf(rack, sizeof(rack), "%s", sk_match_rack(&c->match, seat));
    if (sk_match_check(&c->match, &mv, &play, why, sizeof(why)) != SK_LEGAL ||
        sk_match_play(&c->match, &play) != SK_OK) {
        sk_cli_error(c->cli, "internal error: the computer's move is illegal: %s", why);
        return -1;
    }
    report(c, seat, &play, rack);
    say(c);
    return 0;
}

static void final_report(cs104 *c)
{
    sk_match *m = &c->match;
    int to_move = sk_match_to_move(m);
    sk_match_stop(m);
    sk_buf_puts(&c->out, "Game over: ");
    if (m->state == SK_MATCH_WENT_OUT)
        sk_buf_printf(&c->out, "the bag is empty and %s has no tiles left.\n",
                      c->names[m->out_seat]);
    else if (m->state == SK_MATCH_PASSES)
        sk_buf_puts(&c->out, "every player passed in one round.\n");
    else if (m->state == SK_MATCH_TURN_LIMIT)
        sk_buf_puts(&c->out, "too many turns.\n");
    else
        sk_buf_printf(&c->out, "the input ended on %s's turn.\n",
                      to_move >= 0 ? c->names[to_move] : "?");
    sk_dialog_board(&c->out, &c->g->loaded.board, &m->pos, &c->g->loaded.tiles);
    sk_buf_puts(&c->out, "Final scores:\n");
    for (int p = 0; p < c->nplayers; p++) {
        sk_buf_printf(&c->out, "  %s: %d", c->names[p], sk_match_final(m, p));
        for (size_t i = 0; i < m->nevents; i++) {
            const sk_match_event *e = &m->events[i];
            if (e->seat != p) continue;
            if (e->kind == SK_EVENT_END_POINTS)
                sk_buf_printf(&c->out, " (+%d for the tiles the others kept)", e->score);
            if (e->kind == SK_EVENT_END_PENALTY)
                sk_buf_printf(&c->out, " (%d for the tiles left: %s)", e->score, e->text);
        }
        sk_buf_putc(&c->out, '\n');
    }
    unsigned w = sk_match_winners(m);
    sk_buf_puts(&c->out, (w & (w - 1)) ? "Winners:" : "Winner:");
    for (int p = 0; p < c->nplayers; p++)
        if (w & (1u << p)) sk_buf_printf(&c->out, " %s", c->names[p]);
    sk_buf_putc(&c->out, '\n');
    say(c);
}

static int play_game(cs104 *c, uint64_t seed)
{
    if (!ask_players(c)) return SK_EXIT_FINDINGS;
    /* a computer player needs a lexicon that generates moves: said before the first turn */
    for (int p = 0; p < c->nplayers; p++)
        if (c->computer[p] && c->g->loaded.lexicon && !sk_cli_game_can_generate(c->cli, c->g, NULL))
            return SK_EXIT_ERROR;
    if (sk_match_start(&c->match, &c->g->loaded.rules, c->nplayers, 0, seed) != SK_OK)
        return SK_EXIT_ERROR;
    while (c->match.state == SK_MATCH_RUNNING) {
        int seat = sk_match_to_move(&c->match);
        if (!c->computer[seat]) {
            if (!human_turn(c, seat)) break;
        } else if (computer_turn(c, seat) != 0) {
            return SK_EXIT_ERROR;
        }
        if (c->io.terminal && c->humans > 0 && c->match.state == SK_MATCH_RUNNING &&
            !sk_dialog_ask(&c->io, "Press return to continue."))
            break;
    }
    final_report(c);
    return SK_EXIT_OK;
}

int sk_cmd_play_cs104(sk_cli *cli, sk_cli_game *g, const char *config, int has_seed, uint64_t seed)
{
    cs104 c = {.cli = cli, .g = g};
    sk_buf_init(&c.out);
    sk_dialog_init(&c.io, cli);
    sk_config cfg;
    memset(&cfg, 0, sizeof(cfg)); /* its seed is read even when the file is not */
    int status = load_config(&c, config, &cfg);
    if (!has_seed) seed = cfg.has_seed ? (uint64_t)cfg.seed : sk_dialog_random_seed();
    if (status == SK_EXIT_OK && sk_movegen_new(&c.gen) != SK_OK) status = SK_EXIT_ERROR;
    if (status == SK_EXIT_OK) {
        status = play_game(&c, seed);
        if (status == SK_EXIT_FINDINGS)
            sk_cli_error(cli, "error: the input ended before the game began");
    }
    say(&c);
    errno = 0;
    if (fflush(cli->out) != 0 || ferror(cli->out)) status = sk_cli_write_failed(cli);
    sk_dialog_free(&c.io);
    sk_match_free(&c.match);
    sk_movegen_free(c.gen);
    sk_buf_free(&c.out);
    return status;
}
