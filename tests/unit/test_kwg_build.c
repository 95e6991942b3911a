/* test_kwg_build.c — the KWG builder at the edge of the format's node budget: a list whose
 * GADDAG does not fit is written as its DAWG alone (with a warning, and a GADDAG root pointer
 * to nothing, which the loader reads as "no GADDAG"); a list whose DAWG does not fit either is
 * refused. The budget is made small (sk_kwg_build_within) so that hand-sized lists reach it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/kwg.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "testutil.h"

#define END 0x00400000u /* the last-sibling bit: a root pointer to nothing */

/* XA XC XD YB YC YD: the DAWG is the root list [X Y], then [A C D] after X and [B C D] after Y,
 * all accepting. The two lists share their tail [C D] as states, but each must be stored whole
 * (a list is contiguous up to its last sibling), so the tail is written twice: 2 + 3 + 3 nodes
 * beside the 2 root pointers, from 6 states. The GADDAG has such tails too, so the placed graph
 * needs more nodes than it has states, and a budget between the two is a separate case. */
static const char words[] = "xa\nxc\nxd\nyb\nyc\nyd\n";
#define DAWG_NODES 10

typedef struct {
    int rc;
    uint32_t *nodes;
    size_t count;
    sk_kwg_build_stats stats;
    sk_diag_list diags;
} build;

static void build_within(build *b, const char *text, size_t max_nodes)
{
    memset(b, 0, sizeof(*b));
    sk_diag_list_init(&b->diags);
    b->rc = sk_kwg_build_within(&b->nodes, &b->count, text, strlen(text), NULL, &b->stats,
                                &b->diags, max_nodes);
}

static void build_free(build *b)
{
    free(b->nodes);
    sk_diag_list_free(&b->diags);
}

/* The one warning of B, which must say the KWG holds the DAWG only. */
static const char *dawg_only_warning(const build *b)
{
    assert_int_equal(b->diags.count, 1);
    assert_int_equal(b->diags.errors, 0);
    assert_int_equal(b->diags.items[0].severity, SK_SEV_WARNING);
    const char *msg = b->diags.items[0].message;
    assert_non_null(strstr(msg, "too large for a KWG with a GADDAG"));
    assert_non_null(strstr(msg, "wrote the DAWG only"));
    assert_non_null(strstr(msg, "not move generation"));
    return msg;
}

/* B holds the DAWG of WORDS alone, and the loader takes it for a DAWG-only file. */
static void check_dawg_only(build *b)
{
    assert_int_equal(b->rc, SK_OK);
    assert_int_equal(b->stats.dawg_only, 1);
    assert_int_equal(b->count, DAWG_NODES);
    assert_int_equal(b->stats.nodes, DAWG_NODES);
    assert_int_equal(b->nodes[1], END);
    assert_true(sk_kwg_arcs_forward(b->nodes, b->count));
    sk_lexicon *lex = NULL;
    assert_int_equal(sk_lexicon_adopt(&lex, b->nodes, b->count), SK_OK);
    b->nodes = NULL; /* the lexicon owns them */
    assert_false(sk_lexicon_has_gaddag(lex));
    assert_int_equal(sk_lexicon_gaddag_root(lex), 0);
    const char *listed[] = {"XA", "XC", "XD", "YB", "YC", "YD"};
    for (size_t i = 0; i < 6; i++)
        assert_true(sk_lexicon_contains(lex, NULL, listed[i], 2));
    assert_false(sk_lexicon_contains(lex, NULL, "XB", 2));
    assert_false(sk_lexicon_contains(lex, NULL, "AX", 2));
    sk_lexicon_free(lex);
}

/* With the whole budget, WORDS get both graphs; the numbers the other tests start from. */
static void full_budget(size_t *nodes, size_t *states)
{
    build b;
    build_within(&b, words, SK_KWG_NODES_MAX);
    assert_int_equal(b.rc, SK_OK);
    assert_int_equal(b.stats.dawg_only, 0);
    assert_int_equal(b.diags.count, 0);
    assert_int_not_equal(b.nodes[1], END);
    *nodes = b.count;
    *states = b.stats.states; /* counts the empty list, state 0 */
    build_free(&b);
}

/* The budget is inclusive: a graph of exactly that many nodes is written whole. */
static void exact_budget_fits(void **state)
{
    (void)state;
    size_t nodes, states;
    full_budget(&nodes, &states);
    build b;
    build_within(&b, words, nodes);
    assert_int_equal(b.rc, SK_OK);
    assert_int_equal(b.stats.dawg_only, 0);
    assert_int_equal(b.count, nodes);
    assert_int_equal(b.diags.count, 0);
    build_free(&b);
}

/* One node short: the placed graph is too big, and the warning says by how much. */
static void one_node_short(void **state)
{
    (void)state;
    size_t nodes, states;
    full_budget(&nodes, &states);
    build b;
    build_within(&b, words, nodes - 1);
    char need[64];
    snprintf(need, sizeof(need), "(it needs at least %zu nodes, a KWG holds %zu)", nodes,
             nodes - 1);
    assert_non_null(strstr(dawg_only_warning(&b), need));
    check_dawg_only(&b);
    build_free(&b);
}

/* Fewer nodes than the graph has states: the GADDAG stops as soon as it passes the budget. */
static void fewer_nodes_than_states(void **state)
{
    (void)state;
    size_t nodes, states;
    full_budget(&nodes, &states);
    /* STATES - 1 states and 2 root pointers need STATES + 1 nodes at least */
    for (size_t budget = DAWG_NODES; budget <= states; budget++) {
        build b;
        build_within(&b, words, budget);
        assert_non_null(strstr(dawg_only_warning(&b), "(it needs more than"));
        check_dawg_only(&b);
        build_free(&b);
    }
}

/* When not even the DAWG fits, nothing is built. */
static void dawg_too_big(void **state)
{
    (void)state;
    build b;
    build_within(&b, words, DAWG_NODES - 1);
    assert_int_equal(b.rc, SK_ETOOBIG);
    assert_null(b.nodes);
    assert_int_equal(b.count, 0);
    assert_int_equal(b.diags.errors, 1);
    assert_non_null(strstr(b.diags.items[b.diags.count - 1].message, "too large to compile"));
    build_free(&b);
}

/* A GADDAG root pointer to nothing is "no GADDAG" beside words, and an empty GADDAG beside no
 * words (the KWG of an empty list). */
static void gaddag_pointer_to_nothing(void **state)
{
    (void)state;
    uint32_t dawg_only[] = {END | 2, END, 0x01c00000u}; /* a DAWG of one word: A */
    uint32_t *nodes = malloc(sizeof(dawg_only));
    assert_non_null(nodes);
    memcpy(nodes, dawg_only, sizeof(dawg_only));
    sk_lexicon *lex = NULL;
    assert_int_equal(sk_lexicon_adopt(&lex, nodes, 3), SK_OK);
    assert_false(sk_lexicon_has_gaddag(lex));
    sk_lexicon_free(lex);

    nodes = malloc(2 * sizeof(*nodes));
    assert_non_null(nodes);
    nodes[0] = nodes[1] = END;
    assert_int_equal(sk_lexicon_adopt(&lex, nodes, 2), SK_OK);
    assert_true(sk_lexicon_has_gaddag(lex));
    sk_lexicon_free(lex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_budget_fits),         cmocka_unit_test(one_node_short),
        cmocka_unit_test(fewer_nodes_than_states),   cmocka_unit_test(dawg_too_big),
        cmocka_unit_test(gaddag_pointer_to_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
