/* near.c — "did you mean" (include/litmuslab/near.h): the known names one
 * edit away from a word, found in a table, or by trying each word one
 * edit away on a reader that says whether it knows it. */
#include <string.h>

#include "litmuslab/near.h"

bool ll_one_edit(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la < lb) {                  /* a is the longer one */
        const char *t = a;
        a = b;
        b = t;
        size_t n = la;
        la = lb;
        lb = n;
    }
    if (la - lb > 1)
        return false;
    size_t i = 0;
    while (i < lb && a[i] == b[i])
        i++;
    if (i == la)
        return false;               /* the same word */
    if (la > lb)                    /* one inserted in a */
        return !strcmp(a + i + 1, b + i);
    if (!strcmp(a + i + 1, b + i + 1))
        return true;                /* one changed */
    return i + 1 < la && a[i] == b[i + 1] && a[i + 1] == b[i] &&
           !strcmp(a + i + 2, b + i + 2);   /* two swapped */
}

const char *ll_near_name(const char *word, const void *first, size_t n,
                         size_t stride)
{
    if (strlen(word) < 3)
        return NULL;
    const char *near = NULL;
    for (size_t i = 0; i < n; i++) {
        const char *name;
        memcpy(&name, (const char *)first + i * stride, sizeof name);
        if (name && !strcmp(word, name))
            return NULL;            /* a known name: nothing to suggest */
        if (name && !near && ll_one_edit(word, name))
            near = name;
    }
    return near;
}

/* Try one candidate: true when ok takes it (it is then in out). */
static bool try(const char *cand, bool (*ok)(const char *, void *),
                void *arg, char *out, size_t size)
{
    if (!ok(cand, arg))
        return false;
    size_t n = strlen(cand);
    if (n >= size)
        return false;
    memcpy(out, cand, n + 1);
    return true;
}

bool ll_near_by(const char *word, const char *alphabet,
                bool (*ok)(const char *candidate, void *arg), void *arg,
                char *out, size_t size)
{
    size_t n = strlen(word);
    if (n < 3 || n > 60)
        return false;
    char chars[256] = "";
    size_t nc = 0;
    for (const char *s = word; *s; s++)
        if (!memchr(chars, *s, nc) && nc < sizeof chars - 1)
            chars[nc++] = *s;
    for (const char *s = alphabet; *s; s++)
        if (!memchr(chars, *s, nc) && nc < sizeof chars - 1)
            chars[nc++] = *s;
    char cand[64];
    /* deleted, swapped, changed, inserted: the shorter guesses first */
    for (size_t i = 0; i < n; i++) {
        memcpy(cand, word, i);
        memcpy(cand + i, word + i + 1, n - i);
        if (try(cand, ok, arg, out, size))
            return true;
    }
    for (size_t i = 0; i + 1 < n; i++) {
        memcpy(cand, word, n + 1);
        cand[i] = word[i + 1];
        cand[i + 1] = word[i];
        if (cand[i] != cand[i + 1] && try(cand, ok, arg, out, size))
            return true;
    }
    for (size_t i = 0; i < n; i++)
        for (size_t c = 0; c < nc; c++) {
            if (chars[c] == word[i])
                continue;
            memcpy(cand, word, n + 1);
            cand[i] = chars[c];
            if (try(cand, ok, arg, out, size))
                return true;
        }
    for (size_t i = 0; i <= n; i++)
        for (size_t c = 0; c < nc; c++) {
            memcpy(cand, word, i);
            cand[i] = chars[c];
            memcpy(cand + i + 1, word + i, n - i + 1);
            if (try(cand, ok, arg, out, size))
                return true;
        }
    return false;
}
