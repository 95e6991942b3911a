/* rules.h — legality and scoring of one move against a position, for both rule sets
 * (docs/rules.md, "SkraBBKle" and "Classic"):
 *   skrabbkle  one word per move: the placed tiles lie in one maximal run, which is the only
 *              word made or changed (no placed tile touches a tile sideways); after the first
 *              move the run includes a tile already on the board; the first move places at least
 *              2 tiles over the start square; score = that word only; +75 for 7 tiles, added
 *              after the word factor; no exchanges.
 *   classic    standard Scrabble: tiles in one line, contiguous with the board's tiles, every
 *              run of 2+ letters formed must be a word; after the first move a placed tile
 *              touches an existing one; score = every word formed; +bingo for a full rack;
 *              exchanges while the bag holds at least exchange_min tiles.
 * Premiums count only under tiles placed by this move. A blank scores the tile set's blank
 * value (0 in english, 5 in skrabbkle), on the board as well as when placed. */
#ifndef SKRAB_RULES_H
#define SKRAB_RULES_H

#include "skrab/api.h"
#include "skrab/board.h"
#include "skrab/lexicon.h"
#include "skrab/move.h"
#include "skrab/position.h"
#include "skrab/tiles.h"

typedef enum { SK_RULES_SKRABBKLE = 0, SK_RULES_CLASSIC = 1 } sk_ruleset;

/* Scores are worked out in 64 bits, saturating, and stored clamped to the int range: factors up
 * to 99 make five x99 word squares alone worth 99^5 times the letters, beyond 32 bits. A score
 * outside +-2147483647 is stored, and shown, as that bound (docs/rules.md, "Scoring"). */

typedef struct {
    sk_ruleset ruleset;
    const sk_board *board;     /* layout: premiums, start square, blocked squares */
    const sk_tileset *tiles;   /* values and the full bag */
    const sk_lexicon *lexicon; /* NULL: no word checks ("-l none") */
    int rack_size;             /* 7 */
    int bingo_bonus;           /* 75 skrabbkle, 50 classic */
    int exchange_min;          /* classic: tiles the bag must hold for an exchange */
    /* the end by idle turns (docs/rules.md, "End of game"): the game ends after end_turns idle
     * turns in a row, or end_turns for each player still in the game when end_per_player; an
     * idle turn is a pass, or under end_passes_only 0 any scoreless turn (an exchange, a play
     * scoring 0, a withdrawn play). skrabbkle: 4 passes (both players passed twice); classic: 6
     * scoreless turns (the CGP op mcnz); the CS104 game: 1 pass a player (a full round). */
    int end_turns; /* 0: never */
    int end_per_player, end_passes_only;
} sk_rules;

/* Fills OUT with the defaults of RULESET for BOARD, TILES and LEXICON: rack 7, bingo 75
 * (skrabbkle) or 50, exchange minimum = the rack size, the end rule above. With
 * sk_ruleset_default_board and sk_ruleset_default_tiles, the one place the rule sets' defaults
 * are written. */
SK_API void sk_rules_init(sk_rules *out, sk_ruleset ruleset, const sk_board *board,
                          const sk_tileset *tiles, const sk_lexicon *lexicon);
/* The board and tile set a rule set plays on unless told otherwise (resource names). */
SK_API const char *sk_ruleset_default_board(sk_ruleset ruleset);
SK_API const char *sk_ruleset_default_tiles(sk_ruleset ruleset);

/* 1 when a turn of KIND that scored SCORE is idle (continues the run that can end the game), 0
 * when it breaks the run. */
SK_API int sk_rules_turn_idles(const sk_rules *rules, sk_move_kind kind, int score);
/* 1 when RUN idle turns in a row end the game with PLAYERS still in it. */
SK_API int sk_rules_idle_end(const sk_rules *rules, int run, int players);
/* "skrabbkle" / "classic" → RULESET; returns SK_OK or SK_EINVAL. */
SK_API int sk_ruleset_from_name(const char *name, sk_ruleset *out);
SK_API const char *sk_ruleset_name(sk_ruleset ruleset);

/* Why a move is not legal. */
typedef enum {
    SK_LEGAL = 0,
    SK_ILLEGAL_OFF_BOARD,      /* runs off the board */
    SK_ILLEGAL_OCCUPIED,       /* the first square (SkraBBKle/CS104) is occupied */
    SK_ILLEGAL_BLOCKED,        /* a tile on a blocked square */
    SK_ILLEGAL_MISMATCH,       /* GCG: a letter disagrees with the board, or '.' is empty */
    SK_ILLEGAL_NO_TILES,       /* the play places no tile */
    SK_ILLEGAL_NOT_ON_RACK,    /* a tile the rack does not hold */
    SK_ILLEGAL_FIRST_SHORT,    /* first move with fewer than 2 tiles */
    SK_ILLEGAL_FIRST_START,    /* first move misses the start square */
    SK_ILLEGAL_GAP,            /* classic: the placed tiles leave a gap */
    SK_ILLEGAL_NOT_CONNECTED,  /* not touching (classic) / not through (skrabbkle) the board */
    SK_ILLEGAL_SECOND_WORD,    /* skrabbkle: a placed tile touches a tile sideways */
    SK_ILLEGAL_NOT_A_WORD,     /* a word formed is not in the lexicon */
    SK_ILLEGAL_EXCHANGE_RULES, /* skrabbkle: no exchanges */
    SK_ILLEGAL_EXCHANGE_BAG,   /* classic: too few tiles in the bag */
    SK_ILLEGAL_EXCHANGE_TILES  /* exchanging tiles the rack does not hold */
} sk_illegal;

#define SK_WORDS_MAX 28 /* main word + one cross word per placed tile */

typedef struct {
    int row, col;
    sk_direction dir;
    int len;
    char letters[SK_BOARD_MAX + 1]; /* a tile string (alphabet.h): the tiles as on the board */
    int score;
} sk_word;

typedef struct {
    int row, col;
    char tile; /* an sk_tile: a letter, or a blank played as one (SK_TILE_BLANKED) */
} sk_placement;

/* A move resolved against a position: the squares it fills and what it makes. */
typedef struct {
    sk_move_kind kind;
    sk_direction dir; /* of the main word (a one-tile classic play: the direction of its word) */
    int nplaced;
    sk_placement placed[SK_MOVE_TILES_MAX];
    int nwords; /* words[0] is the main word; classic adds the cross words */
    sk_word words[SK_WORDS_MAX];
    int bingo; /* 1 when the bonus was added */
    int score;
    char exchange[SK_MOVE_TILES_MAX + 1]; /* a tile string; "" for a blind exchange */
    int exchange_count;
} sk_play;

/* Resolves MOVE against POS and checks it under RULES: which squares it fills, whether it is
 * legal, and its score. Returns SK_LEGAL or the first rule it breaks, with a reason for people
 * in WHY ("creates a second word GOX", "tile 'C' is not on the rack", "runs off the board at
 * q8"; squares of a CS104 move are named its way, "row 8, column 17"). OUT is filled as far as the
 * move could be resolved. The rack is checked only when known (non-empty); BAG_COUNT (tiles left in
 * the bag, -1 unknown) matters only to exchanges. A placement on a position whose size is not the
 * board's is SK_ILLEGAL_OFF_BOARD ("the position is 26 x 26 but the board 15 x 15"). */
SK_API sk_illegal sk_rules_check(const sk_rules *rules, const sk_position *pos, const sk_move *move,
                                 int bag_count, sk_play *out, char *why, size_t why_size);

/* Fills the words of PLAY, a placement whose KIND, DIR and PLACED are set (a generated move:
 * sk_gen_move_to_play), with their scores, the bingo and the total, as sk_rules_check would
 * for a legal move, without checking it again. Returns SK_OK. */
SK_API int sk_rules_words(const sk_rules *rules, const sk_position *pos, sk_play *play);

/* Places PLAY's tiles on POS (no checks). */
SK_API void sk_play_apply_tiles(const sk_play *play, sk_position *pos);

/* How sk_play_write writes a move (docs/formats.md, "Moves"). */
typedef enum {
    SK_PLAY_GCG = 0,   /* canonical: the whole main word, "8G UNPItIED", "-", "-ABC" */
    SK_PLAY_GCG_DOTS,  /* GCG with '.' for the tiles already on the board, "8G UNP.TIED" */
    SK_PLAY_SKRABBKLE, /* the placed tiles and the first placed square, "DINT,h6"; "," */
    SK_PLAY_CS104      /* "PLACE - 8 8 WORD" ('?' before a blank's letter), "EXCHANGE ABC",
                          "PASS" */
} sk_play_style;

/* Writes PLAY (resolved: sk_rules_check, or sk_rules_words for a generated move; its placed
 * tiles in board order) in STYLE, its tiles in ALPHABET (NULL: A..Z). SkraBBKle has no exchange:
 * one is written in GCG. A blind exchange (no tiles named) is "-N" in every style (CS104 names
 * the tiles of an exchange). The one writer of moves:
 * every command uses it. */
SK_API void sk_play_write(const sk_play *play, sk_play_style style, const sk_alphabet *alphabet,
                          sk_buf *out);
/* sk_play_write with SK_PLAY_GCG: the canonical form (docs/formats.md, "Canonical form"). */
SK_API void sk_play_write_gcg(const sk_play *play, const sk_alphabet *alphabet, sk_buf *out);

/* The unseen pool: the full bag of TILES minus the tiles on POS's board and, when known, on the
 * racks of all players (racks in FROM_PLAYER's view: the other racks count only if known).
 * Counts clamp at 0; *OVER_LETTER is set to the first tile kind (0 blank, 1..26) that appears
 * more often than the bag holds, or -1. */
SK_API void sk_position_unseen(const sk_position *pos, const sk_tileset *tiles,
                               int counts[SK_TILE_KINDS], int *over_letter);

/* Tiles in the bag: the unseen pool (above) less UNKNOWN_RACK tiles for each player whose rack
 * is empty, never below 0. A position read from CGP passes the rack size (an unknown rack is
 * taken to be full); a game in progress, where an empty rack is empty, passes 0. The one count
 * of the bag that check, score, apply, suggest, games and tests use. */
SK_API int sk_position_bag(const sk_position *pos, const sk_tileset *tiles, int unknown_rack);

#endif
