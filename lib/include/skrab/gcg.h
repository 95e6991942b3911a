/* gcg.h — game transcripts in the GCG format (docs/formats.md, "Transcripts (GCG)"): reading one
 * into pragmas and events (sk_gcg_parse), then replaying it on the board under a rule set
 * (sk_gcg_replay), which checks the notation, turn order, legality, racks against the unseen pool,
 * every score, every running total and the end-of-game arithmetic. Both report into one
 * sk_diag_list whose offsets point into the transcript's text. Not here: loading the board, tiles
 * and lexicon the pragmas name (the caller does, see sk_gcg_board_name and friends), writing GCG
 * files.
 *
 * Lines end in LF or CRLF; a UTF-8 byte-order mark is skipped; tokens are separated by spaces or
 * tabs. Racks and moves are tiles of the transcript's tile set (docs/formats.md, "Transcripts
 * (GCG)"): its letters' labels in upper case, a blank played as a letter in lower case, labels of
 * more than one character in brackets ("[CH]", "[ch]"), '?' the blank on a rack. */
#ifndef SKRAB_GCG_H
#define SKRAB_GCG_H

#include <stddef.h>

#include "skrab/alphabet.h"
#include "skrab/api.h"
#include "skrab/diag.h"
#include "skrab/move.h"
#include "skrab/position.h"
#include "skrab/rules.h"

#define SK_GCG_FILE_MAX (1u << 20) /* larger transcripts are refused unread */
#define SK_GCG_LINE_MAX 8192       /* bytes in one line */
#define SK_GCG_EVENTS_MAX 1000     /* events after this many are an error and dropped */
#define SK_GCG_PLAYERS_MAX 8       /* #player1 .. #player8 (SK_PLAYERS_MAX) */
#define SK_GCG_TEXT_MAX 160        /* a pragma value, a nickname, a name (longer ones are cut) */
#define SK_GCG_TILES_MAX 40 /* bytes in a rack or a play token (UTF-8 letters count 2 or more) */
/* bytes in the tiles of an end-of-game line: every other player's rack (8 players, 20 tiles) */
#define SK_GCG_END_TILES_MAX (2 * SK_RACK_MAX * (SK_GCG_PLAYERS_MAX - 1))

typedef enum {
    SK_GCG_MOVE = 0,    /* >NICK: RACK POS PLAY +SCORE CUMUL */
    SK_GCG_PASS,        /* >NICK: RACK - +0 CUMUL */
    SK_GCG_EXCHANGE,    /* >NICK: RACK -TILES +0 CUMUL, or -N (a blind exchange of N tiles) */
    SK_GCG_PHONY,       /* >NICK: RACK -- -LOST CUMUL: the previous play is withdrawn */
    SK_GCG_CHALLENGE,   /* >NICK: [RACK] (challenge) +BONUS CUMUL */
    SK_GCG_TIME,        /* >NICK: [RACK] (time) -N CUMUL */
    SK_GCG_END_POINTS,  /* >NICK: (RACK) +PTS CUMUL: the opponents' tiles left at the end */
    SK_GCG_END_PENALTY, /* >NICK: RACK (RACK) -N CUMUL: the player's own tiles left */
    SK_GCG_UNREADABLE,  /* a '>' line that matches no event: only the nickname is known */
    SK_GCG_DROP         /* #dropped NICK [REASON] (a skrab extension, written by selfplay): the
                           player leaves the game here; their tiles go back to the bag and the
                           others play on */
} sk_gcg_event_kind;

typedef struct {
    sk_gcg_event_kind kind;
    int player;      /* index into sk_gcg.players; -1 when the nickname is not a player's */
    size_t at;       /* byte offset of the line's '>' (of its argument for #dropped) */
    size_t rack_at;  /* offsets of the fields as written (the line's '>' when absent) */
    size_t move_at;  /* POS (moves), the '-' (pass, exchange, phony), '(' (the rest) */
    size_t score_at; /* +SCORE / -LOST / +BONUS / -N */
    size_t cumul_at; /* CUMUL */
    /* RACK and TILES have a byte of room beyond their bound, so that a longer one is seen */
    char rack[SK_GCG_TILES_MAX + 2];      /* as written ('?' blank); "" when absent */
    int rack_ok;                          /* 1 when RACK is tiles of sk_gcg.alphabet (or absent) */
    char tiles[SK_GCG_END_TILES_MAX + 2]; /* END_POINTS / END_PENALTY: inside "( )" */
    int tiles_ok;                         /* as rack_ok, for TILES */
    char notation[2 * SK_GCG_TILES_MAX + 8]; /* MOVE, PASS, EXCHANGE: "8G WORD", "-", "-AB" */
    sk_move move;                            /* MOVE, PASS, EXCHANGE: the move as read (move_ok) */
    int move_ok; /* 1 when the notation was read; 0 when malformed (reported) */
    int score;   /* the signed change of the player's total: +SCORE, -LOST, -N, ... */
    int cumul;   /* the running total the line states */
} sk_gcg_event;

typedef struct {
    char nick[SK_GCG_TEXT_MAX + 1];
    char name[SK_GCG_TEXT_MAX + 1];
    size_t at; /* the #playerN line; SK_DIAG_NO_OFFSET when the transcript lacks it */
} sk_gcg_player;

/* A pragma whose value the replay needs; at == SK_DIAG_NO_OFFSET when absent. */
typedef struct {
    char value[SK_GCG_TEXT_MAX + 1];
    size_t at;
} sk_gcg_pragma;

typedef struct {
    int nplayers; /* the highest N of the #playerN lines */
    sk_gcg_player players[SK_GCG_PLAYERS_MAX];
    sk_gcg_pragma lexicon, board_layout, tile_distribution, game_type;
    int utf8; /* line 1 was #character-encoding UTF-8 (else the text is ISO-8859-1) */
    /* #rack1 / #rack2 ...: the racks at the end of an unfinished game */
    sk_gcg_pragma last_racks[SK_GCG_PLAYERS_MAX];
    /* The alphabet racks and moves were read in, and the name of its tile set for messages */
    sk_alphabet alphabet;
    char tiles[SK_GCG_TEXT_MAX + 1];
    size_t nevents;
    sk_gcg_event *events;          /* owned; in the order read */
    size_t first_event_at, end_at; /* offset of the first '>' line (or end_at); the text's length */
} sk_gcg;

/* Reads the transcript TEXT[0..LEN), its racks and moves in ALPHABET, the alphabet of the tile
 * set TILES_NAME (named in messages: "'Q' is not a tile of the tile set 'polish'"). Every problem
 * of the notation alone (an unrecognised line, a malformed rack or move, a character that is no
 * tile of the alphabet, a pragma out of place or given twice, an unknown nickname, an encoding
 * other than UTF-8) goes to DIAGS, with the offset of the character at fault, and reading goes
 * on. ALPHABET NULL: the alphabet of the built-in tile set the pragmas name (sk_gcg_tiles_name),
 * else English (A..Z). Returns SK_OK, SK_EINVAL when any error was found (OUT is still filled as
 * far as it could be: replay it for the rest), SK_ENOMEM. Release OUT with sk_gcg_free in every
 * case. */
SK_API int sk_gcg_parse_tiles(sk_gcg *out, const char *text, size_t len,
                              const sk_alphabet *alphabet, const char *tiles_name,
                              sk_diag_list *diags);

/* sk_gcg_parse_tiles with ALPHABET NULL: the tile set the pragmas name, else English. */
SK_API int sk_gcg_parse(sk_gcg *out, const char *text, size_t len, sk_diag_list *diags);
SK_API void sk_gcg_free(sk_gcg *g);

/* What the pragmas ask for, as resource names: the rule set of #game-type / #variant (SK_OK,
 * SK_ENOTFOUND when absent, SK_EINVAL after reporting an unknown one to DIAGS), the board of
 * #board-layout ("standard15" is CrosswordGame, "standard21" SuperCrosswordGame; a super game
 * type implies the latter), the tile set of #tile-distribution or, without it, the one the
 * lexicon's name implies ("english" for CSW/NWL/TWL..., "polish" for OSPS... as macondo
 * guesses). Each returns NULL when the transcript does not say; the strings are borrowed. */
SK_API int sk_gcg_ruleset(const sk_gcg *g, sk_ruleset *out, sk_diag_list *diags);
SK_API const char *sk_gcg_board_name(const sk_gcg *g);
SK_API const char *sk_gcg_tiles_name(const sk_gcg *g);

/* What a replay found out, beyond its diagnostics. */
typedef struct {
    int nplayers;
    int scores[SK_GCG_PLAYERS_MAX]; /* the running totals after the last event */
    int events;                     /* events replayed */
    int game_over;                  /* a player went out, or the scoreless turns ran out */
    int board_checked;              /* 0: only notation, turns and totals were checked */
    int board_stopped;              /* 1: board checks stopped at a move that could not be laid */
    sk_position position;           /* the board after the last event */
} sk_gcg_result;

/* Replays G on an empty board under RULES (board, tile set, lexicon or NULL for no word checks;
 * see sk_rules_init), checking each event against the state before it: turn order, each RACK
 * within the unseen pool (the full bag less the board), each move's legality and score, exchange
 * and pass rules, withdrawn phonies and challenge bonuses against the play before them, each
 * running total, no move after the game ends, and the end-of-game points and penalties. A play
 * that is not in the lexicon is an error under skrabbkle and a warning under classic (a phony
 * that stood unchallenged), and nothing when the next line withdraws it. RULES NULL leaves the
 * board unchecked: only notation, turns and running totals are. One mistake is reported once:
 * running totals resynchronise, and after a move that cannot be laid on the board, board checks
 * stop with a note. RULES' tile set must have the alphabet G was read in (sk_gcg.alphabet); with
 * another, the board is not checked (a warning says so). Returns SK_OK, SK_EINVAL when an error was
 * reported (OUT is filled either way). */
SK_API int sk_gcg_replay(const sk_gcg *g, const sk_rules *rules, sk_gcg_result *out,
                         sk_diag_list *diags);

/* A turn about to be replayed, as sk_gcg_replay_turns shows it: a move, pass or exchange that the
 * replay takes as the player's turn (not one after the game ended, not a line that could not be
 * read), and the position it is played from. */
typedef struct {
    const sk_gcg_event *event; /* the line, with the move as written (notation) */
    int player;                /* who plays it: an index into sk_gcg.players */
    /* The board before the turn, the player to move first: their rack as the line gives it
     * ("" when absent or malformed), the others' unknown (""); the running totals of the
     * players still in the game, in turn order from the mover; the idle turns in a row so far
     * (sk_rules_turn_idles) as the scoreless-turn count; no ops. */
    const sk_position *before;
} sk_gcg_turn;

typedef void (*sk_gcg_turn_fn)(void *ctx, const sk_gcg_turn *turn);

/* sk_gcg_replay that also calls FN(CTX, TURN) before each turn while the board is known: from
 * the first event while RULES is set (in the transcript's alphabet), up to a move that
 * cannot be laid on the board; and only while two players or more are in the game (a CGP line
 * holds two racks or more). TURN and what it points to are valid during the call only.
 * A turn that breaks a rule is shown too, as written, before it is reported. */
SK_API int sk_gcg_replay_turns(const sk_gcg *g, const sk_rules *rules, sk_gcg_result *out,
                               sk_diag_list *diags, sk_gcg_turn_fn fn, void *ctx);

#endif
