/* test_untrusted.c — files named by data (docs/commands.md, "Untrusted input"): the one opener
 * of data files refuses what is not a regular file, and waits for the writer of a FIFO the caller
 * names rather than reading it as empty; a name a position gives is held to the
 * untrusted rule when the spec says so (no absolute path, no "..", no symbolic link out of the
 * data directories; a resource or a file inside them loads); and a file named by data that is
 * not of its format is said in one line that quotes none of it. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/gamespec.h"

#define EMPTY15 "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AB/ 0/0 0"

/* A scratch directory: DIR/data (a data directory holding boards/Mine.txt, a copy of the
 * build's CrosswordGame board, and boards/Out.txt, a symbolic link to a file outside it),
 * DIR/outside.txt (a board file outside), DIR/fifo. */
typedef struct {
    char dir[256], data[300], path[400];
} scratch;

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static const char *at(scratch *s, const char *rel)
{
    snprintf(s->path, sizeof(s->path), "%s/%s", s->dir, rel);
    return s->path;
}

static void scratch_make(scratch *s)
{
    snprintf(s->dir, sizeof(s->dir), "%s", "/tmp/skrab-untrusted-XXXXXX");
    assert_non_null(mkdtemp(s->dir));
    snprintf(s->data, sizeof(s->data), "%s/data", s->dir);
    assert_int_equal(mkdir(s->data, 0777), 0);
    assert_int_equal(mkdir(at(s, "data/boards"), 0777), 0);
    sk_buf board;
    sk_buf_init(&board);
    assert_int_equal(
        sk_buf_read_file(&board, SKRAB_BUILD_DATADIR "/boards/CrosswordGame.txt", 1 << 20), SK_OK);
    write_file(at(s, "data/boards/Mine.txt"), sk_buf_str(&board));
    write_file(at(s, "outside.txt"), sk_buf_str(&board));
    sk_buf_free(&board);
    char target[400];
    snprintf(target, sizeof(target), "%s/outside.txt", s->dir);
    assert_int_equal(symlink(target, at(s, "data/boards/Out.txt")), 0);
    assert_int_equal(mkfifo(at(s, "fifo"), 0600), 0);
}

static void scratch_remove(scratch *s)
{
    static const char *const files[] = {"data/boards/Mine.txt", "data/boards/Out.txt",
                                        "outside.txt", "fifo"};
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
        unlink(at(s, files[i]));
    rmdir(at(s, "data/boards"));
    rmdir(s->data);
    rmdir(s->dir);
}

static void confined_names(void **state)
{
    (void)state;
    assert_true(sk_game_name_is_confined("CrosswordGame"));
    assert_true(sk_game_name_is_confined("boards/mine.txt"));
    assert_true(sk_game_name_is_confined("a..b.txt"));
    assert_true(sk_game_name_is_confined("..x/y"));
    assert_false(sk_game_name_is_confined("/etc/passwd"));
    assert_false(sk_game_name_is_confined(".."));
    assert_false(sk_game_name_is_confined("../x"));
    assert_false(sk_game_name_is_confined("a/../../x"));
    assert_false(sk_game_name_is_confined("a/.."));
}

static void header_is_the_first_line(void **state)
{
    (void)state;
    const char *text = "15\nxx\n";
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_true(sk_diag_header_parsed(&d, text, strlen(text)));
    sk_diag_add(&d, SK_SEV_WARNING, 0, "a warning is no error");
    sk_diag_add(&d, SK_SEV_ERROR, SK_DIAG_NO_OFFSET, "about the whole file");
    sk_diag_add(&d, SK_SEV_ERROR, 3, "on line 2");
    assert_true(sk_diag_header_parsed(&d, text, strlen(text)));
    sk_diag_add(&d, SK_SEV_ERROR, 2, "at the end of line 1");
    assert_false(sk_diag_header_parsed(&d, text, strlen(text)));
    sk_diag_list_clear(&d);
    sk_diag_add(&d, SK_SEV_ERROR, 5, "one line, no end");
    assert_false(sk_diag_header_parsed(&d, "SECRET=x", 8));
    sk_diag_list_free(&d);
}

static void only_regular_files_open(void **state)
{
    (void)state;
    scratch s;
    scratch_make(&s);
    int fd = -1;
    assert_int_equal(sk_file_open(at(&s, "outside.txt"), 0, &fd), SK_OK);
    assert_true(fd >= 0);
    assert_int_equal(fcntl(fd, F_GETFL) & O_NONBLOCK, 0); /* blocking again once checked */
    close(fd);
    assert_int_equal(sk_file_open(at(&s, "fifo"), 0, &fd), SK_ENOTREG);
    assert_int_equal(fd, -1);
    assert_string_equal(sk_file_kind(at(&s, "fifo")), "a FIFO");
    /* the readers: a file data names is read as a regular file only */
    sk_buf text;
    sk_buf_init(&text);
    assert_int_equal(sk_buf_read_regular(&text, at(&s, "fifo"), 100), SK_ENOTREG);
    assert_int_equal(sk_buf_read_regular(&text, at(&s, "outside.txt"), 1000), SK_OK);
    sk_buf_free(&text);
    assert_int_equal(sk_file_open(s.dir, 1, &fd), SK_ENOTREG);
    assert_string_equal(sk_file_kind(s.dir), "a directory");
    assert_int_equal(sk_file_open("/dev/null", 1, &fd), SK_ENOTREG);
    assert_string_equal(sk_file_kind("/dev/null"), "a device");
    assert_int_equal(sk_file_open(at(&s, "nosuch"), 1, &fd), SK_ENOTFOUND);
    /* the readers refuse them the same way, without waiting for a writer */
    sk_buf b;
    sk_buf_init(&b);
    assert_int_equal(sk_buf_read_file(&b, s.dir, 100), SK_ENOTREG);
    assert_int_equal(sk_buf_read_file(&b, "/dev/zero", 100), SK_ENOTREG);
    char why[600];
    sk_buf_read_error("d", s.dir, SK_ENOTREG, 0, 100, why, sizeof(why));
    assert_string_equal(why, "d: not a regular file (a directory)");
    sk_buf_free(&b);
    scratch_remove(&s);
}

/* Keeps the messages of the findings the loader reports, in the sk_buf CTX. */
static void keep_findings(void *ctx, const char *path, const char *text, size_t len,
                          const sk_diag_list *diags)
{
    (void)path;
    (void)text;
    (void)len;
    for (size_t i = 0; i < diags->count; i++)
        sk_buf_printf(ctx, "%s\n", diags->items[i].message);
}

static sk_buf findings;

/* Loads the board the op BDN names, the spec untrusted or not, with S's data directory. */
static int load_board(scratch *s, const char *bdn, int untrusted, char *why, size_t why_size)
{
    sk_datadirs dirs;
    sk_datadirs_init(&dirs, s->data, NULL);
    sk_game_loader *l = NULL;
    assert_int_equal(sk_game_loader_new(&l, &dirs, NULL, keep_findings, &findings), SK_OK);
    sk_game_spec spec;
    sk_game_spec_init(&spec);
    spec.untrusted = untrusted;
    sk_game_spec_set_file(&spec, SK_SPEC_LEXICON, "none", NULL);
    char line[600];
    snprintf(line, sizeof(line), EMPTY15 " bdn %s;", bdn);
    sk_position pos;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_position_parse_cgp(&pos, line, strlen(line), NULL, &d), SK_OK);
    sk_diag_list_free(&d);
    why[0] = '\0';
    int rc = sk_game_spec_from_cgp(&spec, &pos, NULL, why, why_size);
    if (rc == SK_OK) {
        sk_game *g = malloc(sizeof(*g));
        assert_non_null(g);
        rc = sk_game_load(l, &spec, g, NULL, why, why_size);
        free(g);
    }
    sk_game_loader_free(l);
    return rc;
}

/* What sk_buf_read_file reads of the FIFO at PATH, a pipe the caller named, when its writer
 * opens it only after the reader did (a child, 300 ms later): the writer's bytes, not an empty
 * file. The child gives up after 5 s without a reader (the open fails with ENXIO), so that a
 * reader that did not wait leaves no child behind. */
static void read_fifo_late_writer(const char *path, sk_buf *text)
{
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        struct timespec late = {0, 300 * 1000 * 1000};
        int w = -1;
        for (int i = 0; i < 17 && w < 0; i++) {
            nanosleep(&late, NULL);
            w = open(path, O_WRONLY | O_NONBLOCK);
        }
        _exit(w >= 0 && write(w, "CAT\n", 4) == 4 ? 0 : 1);
    }
    alarm(20); /* a reader that never returns fails the test instead of hanging it */
    assert_int_equal(sk_buf_read_file(text, path, 100), SK_OK);
    alarm(0);
    int status = 0;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void fifos_the_caller_names(void **state)
{
    (void)state;
    scratch s;
    scratch_make(&s);
    sk_buf text;
    sk_buf_init(&text);
    /* a named FIFO opened before its writer waits for it, as cat does */
    read_fifo_late_writer(at(&s, "fifo"), &text);
    assert_string_equal(sk_buf_str(&text), "CAT\n");
    /* a pipe whose writer has left is read at once, with what it holds or empty */
    int p[2];
    assert_int_equal(pipe(p), 0);
    assert_int_equal(write(p[1], "AT\n", 3), 3);
    close(p[1]);
    char name[64];
    snprintf(name, sizeof(name), "/dev/fd/%d", p[0]);
    alarm(20);
    assert_int_equal(sk_buf_read_file(&text, name, 100), SK_OK);
    assert_string_equal(sk_buf_str(&text), "AT\n");
    close(p[0]);
    assert_int_equal(pipe(p), 0);
    close(p[1]);
    snprintf(name, sizeof(name), "/dev/fd/%d", p[0]);
    assert_int_equal(sk_buf_read_file(&text, name, 100), SK_OK);
    assert_int_equal(text.len, 0);
    alarm(0);
    close(p[0]);
    sk_buf_free(&text);
    scratch_remove(&s);
}

static void untrusted_names_stay_inside(void **state)
{
    (void)state;
    scratch s;
    scratch_make(&s);
    char why[1200];
    /* inside: a resource name, and a path that resolves inside */
    assert_int_equal(load_board(&s, "Mine", 1, why, sizeof(why)), SK_OK);
    char inside[400];
    snprintf(inside, sizeof(inside), "%s/boards/Mine.txt", s.data);
    assert_int_equal(chdir(s.data), 0);
    assert_int_equal(load_board(&s, "boards/Mine.txt", 1, why, sizeof(why)), SK_OK);
    assert_int_equal(chdir(SKRAB_SOURCE_DIR), 0);
    /* absolute, "..": refused by the reader, naming the op */
    assert_int_equal(load_board(&s, inside, 1, why, sizeof(why)), SK_EINVAL);
    assert_non_null(strstr(why, "op 'bdn'"));
    assert_non_null(strstr(why, "untrusted"));
    assert_int_equal(load_board(&s, "../outside.txt", 1, why, sizeof(why)), SK_EINVAL);
    assert_non_null(strstr(why, "op 'bdn'"));
    /* a symbolic link out of the data directory: refused at load */
    assert_int_equal(load_board(&s, "Out", 1, why, sizeof(why)), SK_EINVAL);
    assert_non_null(strstr(why, "outside the data directories"));
    /* trusted, the same names load */
    assert_int_equal(load_board(&s, "Out", 0, why, sizeof(why)), SK_OK);
    assert_int_equal(load_board(&s, inside, 0, why, sizeof(why)), SK_OK);
    /* in every mode, a FIFO named by data is refused at once */
    assert_int_equal(load_board(&s, at(&s, "fifo"), 0, why, sizeof(why)), SK_ENOTREG);
    assert_non_null(strstr(why, "not a regular file (a FIFO)"));
    scratch_remove(&s);
}

static void data_named_files_are_not_quoted(void **state)
{
    (void)state;
    scratch s;
    scratch_make(&s);
    write_file(at(&s, "secret.txt"), "SECRET=hunter2\nmore\n");
    char why[1200];
    sk_buf_init(&findings);
    assert_int_equal(load_board(&s, at(&s, "secret.txt"), 0, why, sizeof(why)), SK_EINVAL);
    assert_non_null(strstr(why, "op 'bdn' names"));
    assert_non_null(strstr(why, "not a board file"));
    assert_null(strstr(why, "hunter2"));
    assert_int_equal(findings.len, 0);
    /* the same file given by the caller is the caller's own: its findings say what is wrong */
    sk_datadirs dirs;
    sk_datadirs_init(&dirs, s.data, NULL);
    sk_game_loader *l = NULL;
    assert_int_equal(sk_game_loader_new(&l, &dirs, NULL, keep_findings, &findings), SK_OK);
    sk_game_spec spec;
    sk_game_spec_init(&spec);
    sk_game_spec_set_file(&spec, SK_SPEC_LEXICON, "none", NULL);
    sk_game_spec_set_file(&spec, SK_SPEC_BOARD, at(&s, "secret.txt"), NULL);
    sk_game *g = malloc(sizeof(*g));
    assert_non_null(g);
    assert_int_equal(sk_game_load(l, &spec, g, NULL, why, sizeof(why)), SK_EINVAL);
    assert_non_null(strstr(sk_buf_str(&findings), "SECRET"));
    free(g);
    sk_game_loader_free(l);
    sk_buf_free(&findings);
    unlink(at(&s, "secret.txt"));
    scratch_remove(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(confined_names),
        cmocka_unit_test(header_is_the_first_line),
        cmocka_unit_test(only_regular_files_open),
        cmocka_unit_test(fifos_the_caller_names),
        cmocka_unit_test(untrusted_names_stay_inside),
        cmocka_unit_test(data_named_files_are_not_quoted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
