/* gamespec.h — which game is being played, and that game loaded.
 *
 * A spec names the rule set, the board, the tile set and the lexicon, and the numbers that may
 * differ from the rule set's: rack size, bingo bonus, exchange minimum and the end-of-game turn
 * rule (docs/rules.md, "End of game"). It is read from a CGP line's ops, a GCG transcript's
 * pragmas or a CS104 configuration, and a caller (a command's -R -b -t -l options) may override
 * any part. What a spec leaves unset takes the rule set's default when the game is loaded;
 * sk_rules_init is the one place those defaults are written.
 *
 * Sources: each source (sk_game_spec_set_file, the three readers) fills only what is still
 * unset, so a caller sets its overrides first and then reads the position or transcript.
 *
 * Names and paths: a name without '/' and without a file extension is a resource (a built-in
 * tile set, or a file found in the data directories: see resource.h); anything else is a path.
 * A relative path read from a file is relative to that file's directory; one given by the
 * caller, to the working directory. The spec keeps paths as the working directory sees them
 * (so messages name them as the user wrote them); sk_game_write_ops writes them absolute, so
 * that a position written from a game names files the next command finds from any directory
 * (docs/formats.md, "Positions (CGP)").
 *
 * Files named by data: a name a position, transcript or configuration gives (not the caller)
 * is marked with the op or pragma that gave it (NAMED_BY). sk_game_load reads such a file only
 * when it is a regular file, and never quotes its bytes in a finding unless its first line
 * parsed as the format's (else WHY says "not a board file"). With UNTRUSTED set, such a name may
 * name only a built-in resource or a file inside the data directories: no absolute path, no
 * ".." (refused by the readers, naming the op), and the file's real path (symbolic links
 * resolved) inside one of the directories (checked by sk_game_load) (docs/commands.md,
 * "Untrusted input").
 *
 * sk_game_load reads the files once into an sk_game: the board, the tile set, a lexicon shared
 * through the loader (positions of a stream that name the same lexicon and tile set share one
 * copy; a word list is read in the letters of the game's tile set) and the sk_rules that play,
 * check, replay and the move generator take. */
#ifndef SKRAB_GAMESPEC_H
#define SKRAB_GAMESPEC_H

#include <stddef.h>

#include "skrab/api.h"
#include "skrab/board.h"
#include "skrab/config.h"
#include "skrab/diag.h"
#include "skrab/gcg.h"
#include "skrab/lexicon.h"
#include "skrab/position.h"
#include "skrab/resource.h"
#include "skrab/rules.h"
#include "skrab/tiles.h"

#define SK_SPEC_DEFAULT (-1) /* a number the rule set decides */

typedef enum { SK_SPEC_BOARD = 0, SK_SPEC_TILES, SK_SPEC_LEXICON } sk_spec_file;

typedef struct {
    int has_ruleset; /* 0: classic, unless a source says otherwise */
    sk_ruleset ruleset;
    /* resource names, or paths as the working directory sees them; "" = the rule set's default
     * ("none" for the lexicon: no word checks) */
    char file[3][SK_PATH_MAX];
    /* SK_SPEC_DEFAULT, or the value (the ranges of the CGP ops: sk_game_spec_from_cgp; the end
     * rule's fields: sk_rules) */
    int rack_size, bingo_bonus, exchange_min, end_turns, end_per_player, end_passes_only;
    /* what named file [i] when data named it ("op 'bdn'", "pragma #lexicon", "BOARD line"; a
     * static string), NULL when the caller did or it is unset */
    const char *named_by[3];
    int untrusted; /* names given by data are held to the untrusted rule (see above) */
} sk_game_spec;

/* Everything unset. */
SK_API void sk_game_spec_init(sk_game_spec *spec);

/* Sets the rule set unless it is set. */
SK_API void sk_game_spec_set_ruleset(sk_game_spec *spec, sk_ruleset ruleset);

/* Sets file WHICH to NAME unless it is set: a relative path is taken relative to the directory
 * of the file BASE (NULL: the working directory). Returns SK_OK, SK_EINVAL (empty NAME) or
 * SK_ETOOBIG (the path does not fit SK_PATH_MAX). */
SK_API int sk_game_spec_set_file(sk_game_spec *spec, sk_spec_file which, const char *name,
                                 const char *base);

/* The game of a CGP line's ops (docs/formats.md, "Positions (CGP)"): var, bdn, ld, lex (paths
 * relative to SOURCE, the file the line came from, or NULL), rs (1..SK_RACK_MAX), bb (0..1000),
 * etl (0..1000), mcnz (1..1000: the idle turns in a row that end the game). Ops the position
 * does not have leave the spec as it was. Returns SK_OK, or with the reason in WHY: SK_ENOTFOUND
 * (an unknown rule set), SK_EINVAL (a number out of range; with SPEC->untrusted, a name that is
 * an absolute path or has a ".." segment), SK_ETOOBIG (a path too long). */
SK_API int sk_game_spec_from_cgp(sk_game_spec *spec, const sk_position *pos, const char *source,
                                 char *why, size_t why_size);

/* The game of a GCG transcript's pragmas: the rule set (#game-type, #variant; an unknown one is
 * reported to DIAGS and classic used), the board (#board-layout), the tile set
 * (#tile-distribution, else the one the lexicon's name implies: see sk_gcg_tiles_name) and the
 * lexicon (#lexicon), paths relative to SOURCE. Returns SK_OK, or SK_EINVAL after reporting
 * (with SPEC->untrusted, a name that is an absolute path or has a ".." segment too). */
SK_API int sk_game_spec_from_gcg(sk_game_spec *spec, const sk_gcg *g, const char *source,
                                 sk_diag_list *diags);

/* The game of a CS104 configuration (docs/formats.md, "Game configuration (CS104)"): classic
 * rules, its board, tiles and dictionary (relative to SOURCE; a name that is no path and no
 * file there is a resource, as on the command line), HANDSIZE as the rack size, and
 * the CS104 end: every player passed once in one round. Returns SK_OK, SK_ETOOBIG, or
 * SK_EINVAL with SPEC->untrusted and a name that is an absolute path or has a ".." segment; WHY
 * says which. */
SK_API int sk_game_spec_from_config(sk_game_spec *spec, const sk_config *config, const char *source,
                                    char *why, size_t why_size);

/* 1 when NAME, given by data, may be used under the untrusted rule as far as its text tells:
 * not an absolute path and no ".." segment (the real path is checked when the file is loaded).
 * Else 0. */
SK_API int sk_game_name_is_confined(const char *name);

/* A loaded game. RULES points at BOARD and TILES inside the struct: copy it with sk_game_copy,
 * never by assignment. */
typedef struct {
    sk_game_spec spec;         /* as loaded: every default filled in, ruleset set */
    char path[3][SK_PATH_MAX]; /* the files read ("" for a built-in tile set or no lexicon) */
    sk_board board;
    sk_tileset tiles;
    const sk_lexicon *lexicon; /* NULL: no word checks; owned by the loader */
    sk_rules rules;
} sk_game;

SK_API void sk_game_copy(sk_game *dst, const sk_game *src);

/* Loads games and keeps the lexicons they use until it is freed. REPORT, when not NULL, is told
 * the findings of every file it reads (with the file's text, for line and column); it is called
 * only when there are findings. */
typedef void (*sk_game_report_fn)(void *ctx, const char *path, const char *text, size_t len,
                                  const sk_diag_list *diags);
typedef struct sk_game_loader sk_game_loader;

/* DIRS: where resource names are looked up; CACHE_DIR: where word lists are compiled to (NULL:
 * compile in memory each time). Both are copied. Returns SK_OK or SK_ENOMEM. */
SK_API int sk_game_loader_new(sk_game_loader **out, const sk_datadirs *dirs, const char *cache_dir,
                              sk_game_report_fn report, void *ctx);
SK_API void sk_game_loader_free(sk_game_loader *loader);
/* Replaces the function the loader tells a file's findings to (NULL: nobody is told). */
SK_API void sk_game_loader_set_report(sk_game_loader *loader, sk_game_report_fn report, void *ctx);

/* Loads the game SPEC names into OUT. Returns SK_OK; or SK_ENOTFOUND (a name that is no
 * resource), SK_EIO (a file that cannot be read), SK_ENOTREG (a directory, FIFO, device or
 * socket where a file is expected: a pipe is accepted only from the caller), SK_ETOOBIG (a file
 * over its size limit), SK_EINVAL (a file with errors, reported through REPORT; a file named by
 * data that is not of its format; under the untrusted rule, a file outside the data
 * directories), SK_ENOMEM — with WHY saying what went wrong ("no board named 'x' ...",
 * "good11.txt: no such file", "op 'bdn' names x: not a board file"), or WHY empty when the
 * findings reported say it. WHICH, when not NULL, is set to the file that failed. */
SK_API int sk_game_load(sk_game_loader *loader, const sk_game_spec *spec, sk_game *out,
                        sk_spec_file *which, char *why, size_t why_size);

/* Loads the tile set NAME as sk_game_load finds one (a built-in name, else a tile-set file in
 * the data directories or a path) into OUT, whatever its alphabet. PATH (PATH_SIZE bytes)
 * receives the file read, "" for a built-in set. Returns as sk_game_load, WHY saying what went
 * wrong. */
SK_API int sk_game_load_tiles(sk_game_loader *loader, const char *name, sk_tileset *out, char *path,
                              size_t path_size, char *why, size_t why_size);

/* Loads the tile set SPEC names (the rule set's default when it names none) into OUT as
 * sk_game_load loads it, with its checks of a file named by data. Returns as
 * sk_game_load_tiles. */
SK_API int sk_game_load_spec_tiles(sk_game_loader *loader, const sk_game_spec *spec,
                                   sk_tileset *out, char *path, size_t path_size, char *why,
                                   size_t why_size);

/* The name of GAME's file WHICH as a position or transcript written from it names it: a resource
 * name as is, a path absolute ("none" for no lexicon). Returns SK_OK, SK_ETOOBIG or SK_EIO (the
 * working directory cannot be read). */
SK_API int sk_game_file_name(const sk_game *game, sk_spec_file which, char *out, size_t size);

/* Writes the names of GAME's files into POS's ops (var, bdn, ld, lex; a default left out unless
 * the op is there already), so that the position names the game it was played under. Returns
 * SK_OK or SK_ETOOBIG (no room for an op). */
SK_API int sk_game_write_ops(const sk_game *game, sk_position *pos);

#endif
