/* explained.c — report.html's links to the explanations a campaign
 * writes next to the reports (`model --explain` of each alarm and each
 * allowed-unseen state): DIR/explanations/TEST/STATE.txt, and .svg when
 * Graphviz drew it, TEST and STATE named by ll_file_slug. */
#include <stdlib.h>
#include <unistd.h>

#include "compare/compare.h"

bool cmp_explanation(const char *dir, const char *test, const char *state,
                     ll_buf *rel, bool *svg)
{
    ll_buf_clear(rel);
    ll_buf_puts(rel, "explanations/");
    ll_file_slug(test, rel);
    ll_buf_puts(rel, "/");
    ll_file_slug(state, rel);
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/%s.txt", dir, rel->data);
    bool found = access(path.data, R_OK) == 0;
    ll_buf_clear(&path);
    ll_buf_printf(&path, "%s/%s.svg", dir, rel->data);
    *svg = found && access(path.data, R_OK) == 0;
    ll_buf_free(&path);
    return found;
}
