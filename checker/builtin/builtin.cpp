// gridjudge's built-in checkers (src/checkers.rs) as one self-contained C++ source (C++14 or
// later, e.g. Luogu's g++ -fno-asm -std=c++14 -O2; no testlib.h needed), for the packages that
// `gridjudge export` writes for program problems with `checker = { builtin = "..." }`.
//
// `gridjudge export` sets the four constants below from problem.toml (kind, abs_tol, rel_tol)
// and from the package format (kattis); each is one line of the form `const TYPE NAME = VALUE;`.
//
// Calling conventions:
//   testlib (kattis = false; the contestant output comes SECOND):
//     checker [--testset T] [--group G] <input> <output> <answer> [<report> [-appes]]
//     exit 0 AC, 1 WA, 2 PE (the output file cannot be opened), 3 FAIL (the jury answer cannot
//     be read, or a bad command line); one line on stderr starting with testlib's word for the
//     verdict (ok, wrong answer, wrong output format, FAIL); the report file, when named,
//     gets the message (with -appes, testlib's XML result).
//   Kattis output validator (kattis = true):
//     checker <input> <answer> <feedback_dir> [flags...] < output
//     exit 42 AC, 43 WA; the message in <feedback_dir>/judgemessage.txt; any other exit (1) is a
//     judge error.
// The input is never read.
//
// Semantics, byte for byte those of src/checkers.rs:
//   * White space is the ASCII set space, \t, \n, \v, \f, \r; a token is a maximal run of other
//     bytes, compared byte for byte (case-sensitive; NUL and bytes >= 0x80 are token bytes).
//   * A UTF-8 byte order mark (EF BB BF) at the very start of the output is skipped; the jury
//     answer is read as it is, by the same rules.
//   * tokens: the token sequences must be equal (line structure ignored).
//   * lines: the files are split at \n; each line is its token sequence (so spaces and a \r
//     inside or at the ends of a line do not matter); lines without tokens at the end of either
//     file are dropped; then the lists of lines must be equal.
//   * unordered_lines: the lines (as above) that have tokens form the same multiset.
//   * float: token by token; where the jury token is a finite decimal number (optional sign,
//     digits with at most one '.', at least one digit, optional exponent e/E [sign] digits;
//     nothing else: no inf, nan or hex), the output token must be one too and |x - y| <= abs_tol
//     or |x - y| <= rel_tol * |y| (y the jury's); other tokens must be equal.
// Verdicts: AC or WA; nothing a contestant prints is PE or FAIL.
// Cost: O(size of output + answer) time and memory (unordered_lines: plus a sort).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// Set by `gridjudge export` (see the header).
// kind: tokens, lines, unordered_lines or float.
const char* const kind = "tokens";
const double abs_tol = 1e-6;
const double rel_tol = 1e-6;
const bool kattis = false;

enum Verdict { kAc = 0, kWa = 1, kPe = 2, kFail = 3 };

const char* const kNames[] = {"ok", "wrong answer", "wrong output format", "FAIL"};
const char* const kOutcomes[] = {"accepted", "wrong-answer", "presentation-error", "fail"};

const char* g_report = nullptr;
bool g_appes = false;
const char* g_feedback = nullptr;

std::string xmlText(const std::string& s) {
    std::string x;
    for (char c : s) {
        if (c == '&') {
            x += "&amp;";
        } else if (c == '<') {
            x += "&lt;";
        } else if (c == '>') {
            x += "&gt;";
        } else if (c == '"') {
            x += "&quot;";
        } else if (c >= 0 && c < 32) {
            x += '.';
        } else {
            x += c;
        }
    }
    return x;
}

[[noreturn]] void finish(Verdict v, const std::string& message) {
    std::string line = message;
    for (char& c : line) {
        unsigned char u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) c = ' ';  // keep the message on one line
    }
    if (kattis) {
        if (g_feedback != nullptr) {
            std::string path = std::string(g_feedback) + "/judgemessage.txt";
            if (std::FILE* f = std::fopen(path.c_str(), "w")) {
                std::fprintf(f, "%s\n", line.c_str());
                std::fclose(f);
            }
        }
        std::fprintf(stderr, "%s %s\n", kNames[v], line.c_str());
        std::exit(v == kAc ? 42 : (v == kFail ? 1 : 43));
    }
    std::fprintf(stderr, "%s %s\n", kNames[v], line.c_str());
    if (g_report != nullptr) {
        if (std::FILE* f = std::fopen(g_report, "w")) {
            if (g_appes) {
                std::fprintf(f,
                             "<?xml version=\"1.0\" encoding=\"windows-1251\"?>"
                             "<result outcome = \"%s\">%s</result>\n",
                             kOutcomes[v], xmlText(line).c_str());
            } else {
                std::fprintf(f, "%s", line.c_str());
            }
            std::fclose(f);
        }
    }
    std::exit(v);
}

// The whole content of `f`; false on a read error.
bool readAll(std::FILE* f, std::string& out) {
    char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
    return !std::ferror(f);
}

// The whole file `path`, or `on_missing` with a message when it cannot be read.
std::string readFile(const char* path, const char* what, Verdict on_missing) {
    std::FILE* f = std::fopen(path, "rb");
    if (f == nullptr) finish(on_missing, std::string("cannot open the ") + what + " " + path);
    std::string s;
    bool ok = readAll(f, s);
    std::fclose(f);
    if (!ok) finish(on_missing, std::string("cannot read the ") + what + " " + path);
    return s;
}

bool isSpace(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0b || c == 0x0c;
}

typedef std::vector<std::string> Tokens;

Tokens tokensOf(const std::string& s, size_t from, size_t to) {
    Tokens t;
    size_t i = from;
    while (i < to) {
        while (i < to && isSpace(static_cast<unsigned char>(s[i]))) i++;
        size_t j = i;
        while (j < to && !isSpace(static_cast<unsigned char>(s[j]))) j++;
        if (j > i) t.push_back(s.substr(i, j - i));
        i = j;
    }
    return t;
}

// Lines split at \n, each as its tokens; lines without tokens at the end dropped.
std::vector<Tokens> linesOf(const std::string& s) {
    std::vector<Tokens> lines;
    size_t start = 0;
    while (true) {
        size_t nl = s.find('\n', start);
        size_t end = nl == std::string::npos ? s.size() : nl;
        lines.push_back(tokensOf(s, start, end));
        if (nl == std::string::npos) break;
        start = nl + 1;
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
}

// A token for a message: at most 40 bytes, then "...".
std::string show(const std::string& t) {
    return "'" + (t.size() > 40 ? t.substr(0, 40) + "..." : t) + "'";
}

std::string showLine(const Tokens& t) {
    std::string s;
    for (size_t i = 0; i < t.size(); i++) s += (i ? " " : "") + t[i];
    return "`" + (s.size() > 80 ? s.substr(0, 80) + "..." : s) + "`";
}

std::string num(size_t x) { return std::to_string(static_cast<unsigned long long>(x)); }

// The value of a finite decimal number token (see the header), else false.
bool number(const std::string& t, double& value) {
    size_t i = 0, n = t.size();
    if (i < n && (t[i] == '+' || t[i] == '-')) i++;
    size_t digits = 0;
    while (i < n && t[i] >= '0' && t[i] <= '9') i++, digits++;
    if (i < n && t[i] == '.') {
        i++;
        while (i < n && t[i] >= '0' && t[i] <= '9') i++, digits++;
    }
    if (digits == 0) return false;
    if (i < n && (t[i] == 'e' || t[i] == 'E')) {
        i++;
        if (i < n && (t[i] == '+' || t[i] == '-')) i++;
        size_t exp = 0;
        while (i < n && t[i] >= '0' && t[i] <= '9') i++, exp++;
        if (exp == 0) return false;
    }
    if (i != n) return false;
    double v = std::strtod(t.c_str(), nullptr);
    if (!std::isfinite(v)) return false;
    value = v;
    return true;
}

bool close(double got, double want) {
    double d = std::fabs(got - want);
    return d <= abs_tol || d <= rel_tol * std::fabs(want);
}

void compareTokens(const std::string& out, const std::string& ans, bool floats) {
    Tokens got = tokensOf(out, 0, out.size());
    Tokens want = tokensOf(ans, 0, ans.size());
    for (size_t k = 0; k < want.size(); k++) {
        if (k >= got.size()) {
            finish(kWa, "the output ends after " + num(k) + " token(s); expected token " +
                            num(k + 1) + " " + show(want[k]));
        }
        double w, g;
        bool same = floats && number(want[k], w) ? number(got[k], g) && close(g, w)
                                                 : got[k] == want[k];
        if (!same) {
            finish(kWa, "token " + num(k + 1) + " differs: expected " + show(want[k]) +
                            ", found " + show(got[k]));
        }
    }
    if (got.size() > want.size()) {
        finish(kWa, "the output has extra tokens after the expected " + num(want.size()) +
                        ", starting with " + show(got[want.size()]));
    }
    finish(kAc, num(want.size()) + " token(s)");
}

void compareLines(const std::string& out, const std::string& ans) {
    std::vector<Tokens> got = linesOf(out), want = linesOf(ans);
    for (size_t i = 0; i < want.size(); i++) {
        if (i >= got.size()) {
            finish(kWa, "the output has " + num(got.size()) + " line(s); expected " +
                            num(want.size()) + " lines, line " + num(i + 1) + " " +
                            showLine(want[i]));
        }
        if (got[i] != want[i]) {
            finish(kWa, "line " + num(i + 1) + " differs: expected " + showLine(want[i]) +
                            ", found " + showLine(got[i]));
        }
    }
    if (got.size() > want.size()) {
        finish(kWa, "the output has " + num(got.size()) + " line(s), expected " +
                        num(want.size()) + "; line " + num(want.size() + 1) + " is " +
                        showLine(got[want.size()]));
    }
    finish(kAc, num(want.size()) + " line(s)");
}

void compareUnordered(const std::string& out, const std::string& ans) {
    std::vector<Tokens> got, want;
    for (Tokens& t : linesOf(out)) {
        if (!t.empty()) got.push_back(t);
    }
    for (Tokens& t : linesOf(ans)) {
        if (!t.empty()) want.push_back(t);
    }
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    if (got == want) finish(kAc, num(want.size()) + " line(s), in any order");
    finish(kWa, "the lines differ as a multiset (" + num(want.size()) + " expected, " +
                    num(got.size()) + " found)");
}

}  // namespace

int main(int argc, char** argv) {
    std::string out, ans;
    if (kattis) {
        if (argc < 4) finish(kFail, "usage: checker <input> <answer> <feedback_dir> < output");
        g_feedback = argv[3];
        ans = readFile(argv[2], "jury answer", kFail);
        if (!readAll(stdin, out)) finish(kFail, "cannot read the output on stdin");
    } else {
        std::vector<const char*> files;
        bool bad = false;
        for (int i = 1; i < argc; i++) {
            if (std::strcmp(argv[i], "--testset") == 0 || std::strcmp(argv[i], "--group") == 0) {
                if (i + 1 >= argc) bad = true;
                i++;
            } else {
                files.push_back(argv[i]);
            }
        }
        if (files.size() == 5 && std::strcmp(files[4], "-appes") != 0 &&
            std::strcmp(files[4], "-APPES") != 0) {
            bad = true;
        }
        if (bad || files.size() < 3 || files.size() > 5) {
            finish(kFail,
                   "usage: checker [--testset T] [--group G] <input> <output> <answer> "
                   "[<report> [-appes]]");
        }
        if (files.size() >= 4) g_report = files[3];
        g_appes = files.size() == 5;
        out = readFile(files[1], "output", kPe);
        ans = readFile(files[2], "jury answer", kFail);
    }
    if (out.compare(0, 3, "\xef\xbb\xbf") == 0) out.erase(0, 3);
    const std::string k = kind;
    if (k == "tokens") compareTokens(out, ans, false);
    if (k == "float") compareTokens(out, ans, true);
    if (k == "lines") compareLines(out, ans);
    if (k == "unordered_lines") compareUnordered(out, ans);
    finish(kFail, "unknown checker kind " + k);
}
