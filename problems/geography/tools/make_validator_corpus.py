#!/usr/bin/env python3
"""Writes validator_corpus/{invalid,valid}/*.in and validator_corpus/expected.toml.

Run from anywhere: python3 tools/make_validator_corpus.py. The expected positions are the
ones the validator must report; tools/check_validator_corpus.py checks them.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "validator_corpus")

# (name, bytes, why, line, col, contains)
INVALID = [
    ("empty_file", b"", "an empty file", 1, 1, "found end of file"),
    ("only_header_no_newline", b"2 2 0", "`L R E` without its line end", 1, 6,
     "expected line end, found end of file"),
    ("header_missing_e", b"2 2\n", "the header without E", 1, 4,
     "expected a single space, found line end"),
    ("leading_zero_l", b"02 2 0\n", "L with a leading zero", 1, 1, "found 02 (leading zero)"),
    ("leading_zero_u", b"2 2 1\n01 1\n", "an edge's u with a leading zero", 2, 1,
     "found 01 (leading zero)"),
    ("plus_sign", b"+2 2 0\n", "L with a + sign", 1, 1, "found '+'"),
    ("minus_zero_e", b"2 2 -0\n", "E written -0", 1, 5, "found -0"),
    ("negative_e", b"2 2 -1\n", "E negative", 1, 5, "integer E in [0, 4], found -1"),
    ("lone_minus", b"2 2 -\n", "a '-' with no digits", 1, 6,
     "integer E in [0, 4], found line end"),
    ("l_zero", b"0 2 0\n", "L = 0, below 1", 1, 1, "integer L in [1, 100000], found 0"),
    ("r_100001", b"2 100001 0\n", "R one above the limit", 1, 3,
     "integer R in [1, 100000], found 100001"),
    ("huge_l_30_digits", b"123456789012345678901234567890 2 0\n", "L with 30 digits", 1, 1,
     "integer L in [1, 100000], found 123456789012345678901234567890"),
    ("e_above_l_times_r", b"2 2 5\n1 1\n1 2\n2 1\n2 2\n1 1\n", "E = 5 > L*R = 4", 1, 5,
     "integer E in [0, 4], found 5"),
    ("e_200001", b"1000 1000 200001\n", "E one above the limit", 1, 11,
     "integer E in [0, 200000], found 200001"),
    ("u_zero", b"2 2 1\n0 1\n", "u = 0 (vertices are 1-based)", 2, 1,
     "integer u in [1, 2], found 0"),
    ("u_above_l", b"2 3 1\n3 1\n", "u = L+1 (a right index on the left)", 2, 1,
     "integer u in [1, 2], found 3"),
    ("v_above_r", b"3 2 1\n1 3\n", "v = R+1 (a left index on the right)", 2, 3,
     "integer v in [1, 2], found 3"),
    ("v_zero", b"2 2 1\n1 0\n", "v = 0", 2, 3, "integer v in [1, 2], found 0"),
    ("negative_v", b"2 2 1\n1 -1\n", "v negative", 2, 3, "integer v in [1, 2], found -1"),
    ("duplicate_edge", b"2 2 3\n1 1\n2 2\n1 1\n", "an edge listed twice", 4, 1,
     "expected an edge not listed before, found 1 1 again (first on line 2)"),
    ("duplicate_edge_later", b"3 3 5\n1 2\n2 3\n3 1\n2 1\n2 3\n",
     "the second edge repeated as the last", 6, 1, "found 2 3 again (first on line 3)"),
    ("fewer_edge_lines", b"2 2 3\n1 1\n2 2\n", "E = 3 but 2 edge lines", 4, 1,
     "integer u in [1, 2], found end of file"),
    ("more_edge_lines", b"2 2 1\n1 1\n2 2\n", "E = 1 but 2 edge lines", 3, 1,
     "expected end of file, found '2'"),
    ("e_zero_with_an_edge", b"2 2 0\n1 1\n", "E = 0 followed by an edge", 2, 1,
     "expected end of file, found '1'"),
    ("crlf_line_ends", b"2 2 1\r\n1 1\r\n", "Windows line ends", 1, 6,
     "expected line end, found CR"),
    ("cr_only_line_ends", b"2 2 1\r1 1\r", "old Mac line ends (CR alone)", 1, 6, "found CR"),
    ("cr_after_an_edge", b"2 2 2\n1 1\r\n2 2\n", "one edge line ended by CR LF", 2, 4,
     "found CR"),
    ("tab_between_l_and_r", b"2\t2 1\n1 1\n", "a tab instead of a space", 1, 2,
     "expected a single space, found tab"),
    ("two_spaces_in_header", b"2 2  1\n1 1\n", "two spaces between R and E", 1, 5,
     "integer E in [0, 4], found space"),
    ("two_spaces_in_edge", b"2 2 1\n1  1\n", "two spaces between u and v", 2, 3,
     "integer v in [1, 2], found space"),
    ("leading_space", b" 2 2 1\n1 1\n", "a space before L", 1, 1, "found space"),
    ("trailing_space_header", b"2 2 1 \n1 1\n", "a space after E", 1, 6,
     "expected line end, found trailing space"),
    ("trailing_space_edge", b"2 2 1\n1 1 \n", "a space after the last edge", 2, 4,
     "expected line end, found trailing space"),
    ("trailing_space_at_eof", b"2 2 1\n1 1\n ", "a space after the final line end", 3, 1,
     "expected end of file, found trailing space"),
    ("missing_final_newline", b"2 2 1\n1 1", "the last edge has no line end", 2, 4,
     "expected line end, found end of file"),
    ("extra_blank_line_at_end", b"2 2 1\n1 1\n\n", "an empty line after the last edge", 3, 1,
     "expected end of file, found an extra line end"),
    ("blank_line_after_header", b"2 2 1\n\n1 1\n", "an empty line before the edges", 2, 1,
     "integer u in [1, 2], found line end"),
    ("three_numbers_on_edge_line", b"2 2 1\n1 1 1\n", "three numbers on an edge line", 2, 4,
     "expected line end, found space"),
    ("edge_on_two_lines", b"2 2 1\n1\n1\n", "u and v on separate lines", 2, 2,
     "expected a single space, found line end"),
    ("decimal_u", b"2 2 1\n1.0 1\n", "u written as 1.0", 2, 2,
     "expected a single space, found '.'"),
    ("letters_for_header", b"L R E\n", "the letters L R E instead of numbers", 1, 1,
     "integer L in [1, 100000], found 'L'"),
    ("utf8_bom", b"\xef\xbb\xbf2 2 1\n1 1\n", "a UTF-8 byte order mark", 1, 1,
     "found byte 0xef"),
    ("nul_byte_after_end", b"2 2 1\n1 1\n\x00", "a NUL byte after the last line", 3, 1,
     "expected end of file, found byte 0x00"),
    ("form_feed_after_edge", b"2 2 1\n1 1\x0c\n", "a form feed after an edge", 2, 4,
     "found byte 0x0c"),
]


def lines(header, edges):
    return ("%d %d %d\n" % (header[0], header[1], len(edges)) +
            "".join("%d %d\n" % e for e in edges)).encode()


def lcg_edges(L, R, count, seed):
    """Distinct pseudo-random edges from a fixed LCG (the corpus is written once)."""
    out, seen, x = [], set(), seed
    while len(out) < count:
        x = (x * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        u = (x >> 33) % L + 1
        x = (x * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        v = (x >> 33) % R + 1
        if (u, v) not in seen:
            seen.add((u, v))
            out.append((u, v))
    return out


# (name, bytes, small rejection (line, col, contains) or None)
VALID = [
    ("sample1", open(os.path.join(HERE, "..", "samples", "1.in"), "rb").read(), None),
    ("1x1_no_edge", b"1 1 0\n", None),
    ("1x1_one_edge", b"1 1 1\n1 1\n", None),
    ("3x2_complete", lines((3, 2), [(u, v) for u in (1, 2, 3) for v in (1, 2)]), None),
    ("4x4_complete", lines((4, 4), [(u, v) for v in range(1, 5) for u in range(4, 0, -1)]),
     None),
    ("15x1_star", lines((15, 1), [(u, 1) for u in range(1, 16)]), None),
    ("1x15_star", lines((1, 15), [(1, v) for v in range(15, 0, -1)]), None),
    ("8x8_random", lines((8, 8), lcg_edges(8, 8, 20, 7)), None),
    ("9x8_no_edges", b"9 8 0\n", (1, 3, "integer R in [1, 7], found 8")),
    ("16x1_no_edges", b"16 1 0\n", (1, 1, "integer L in [1, 15], found 16")),
    ("max_sizes_no_edges", b"100000 100000 0\n",
     (1, 1, "integer L in [1, 15], found 100000")),
    ("max_labels", b"100000 100000 3\n100000 100000\n1 100000\n100000 1\n",
     (1, 1, "integer L in [1, 15], found 100000")),
    ("1000x300_random", lines((1000, 300), lcg_edges(1000, 300, 3000, 11)),
     (1, 1, "integer L in [1, 15], found 1000")),
    ("2x60000_path", lines((2, 60000), [(1, 1), (1, 2), (2, 2), (2, 3)]),
     (1, 3, "integer R in [1, 14], found 60000")),
]


def toml_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    for sub in ("invalid", "valid"):
        d = os.path.join(CORPUS, sub)
        os.makedirs(d, exist_ok=True)
        for f in os.listdir(d):
            os.remove(os.path.join(d, f))
    out = [
        "# Expected outcome of every file of the validator corpus of `geography` (same schema as",
        "# problems/game/validator_corpus/expected.toml), written by tools/make_validator_corpus.py",
        "# and checked by tools/check_validator_corpus.py (and by gridjudge's contract tests).",
        "#",
        "# [invalid.\"NAME.in\"]: invalid/NAME.in must be rejected (without --group) at exactly this",
        "# 1-based `line` and `col` (bytes), with a message containing `contains`; `why` says what is",
        "# wrong with it. Every file in invalid/ has an entry and every entry has a file.",
        "#",
        "# [valid.\"NAME.in\"]: valid/NAME.in must be accepted without --group. In the test group",
        "# `small` (L + R <= 16) it must be accepted too, unless `small` gives where it is rejected.",
        "",
    ]
    for name, data, why, line, col, contains in INVALID:
        with open(os.path.join(CORPUS, "invalid", name + ".in"), "wb") as f:
            f.write(data)
        out += ['[invalid."%s.in"]' % name, "why = %s" % toml_str(why), "line = %d" % line,
                "col = %d" % col, "contains = %s" % toml_str(contains), ""]
    for name, data, small in VALID:
        with open(os.path.join(CORPUS, "valid", name + ".in"), "wb") as f:
            f.write(data)
        out.append('[valid."%s.in"]' % name)
        if small:
            out.append("small = { line = %d, col = %d, contains = %s }" %
                       (small[0], small[1], toml_str(small[2])))
        out.append("")
    with open(os.path.join(CORPUS, "expected.toml"), "w") as f:
        f.write("\n".join(out).rstrip("\n") + "\n")


if __name__ == "__main__":
    main()
