// duel: the interactor written against testlib's API (Polygon, testlib judges, Hydro; also
// p2d's testlib.h, which runs it in the Kattis convention for DOMjudge):
//
//     interactor <input> <output-log> [<answer> ...]        (testlib, Polygon)
//     interactor <input> <answer> <feedback_dir>             (p2d's testlib.h)
//
// inf is the board, ouf the contestant's output (stdin), stdout goes to the contestant (each
// message flushed), tout gets the verdict's message. quitf(_ok) when A won or said LOSE
// rightly, quitf(_wa) for anything the contestant did wrong (malformed messages too, as the
// Kattis interactor and the built-in one say WA), quitf(_fail) for a board it cannot use.
// The jury answer is not read: the board decides everything. The protocol and B's strategy
// are those of problems/duel/README.md and src/problems/duel/{protocol,strategy}.rs, move for
// move; the STRATEGY and PROTOCOL sections are the same text as in kattis/interactor.cpp
// (tests/duel_cpp.rs checks both, and plays the three interactors on the same games).
#include "testlib.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

// ---- BEGIN STRATEGY (identical in kattis/interactor.cpp and testlib/interactor.cpp) ----
// B's strategy (problems/duel/README.md; src/problems/duel/strategy.rs is the reference):
// the same move in the same position. Cells are numbered row-major; a cell's neighbours are
// listed up, left, right, down. S = the unvisited free cells (the token's cell excluded);
// `mate` is one maximum matching of the graph on S, kept maximum after every move by one
// augmenting-path search from the former partner of the cell that left S.

// SplitMix64, and below(n) by Lemire's multiply-and-reject on the high 32 bits of a word.
struct TieRng {
    uint64_t state;
    uint64_t next() {
        state += 0x9E3779B97F4A7C15ULL;
        uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    uint32_t below(uint32_t n) {
        uint32_t threshold = (0u - n) % n;
        for (;;) {
            uint32_t x = (uint32_t)(next() >> 32);
            uint64_t p = (uint64_t)x * n;
            if ((uint32_t)p >= threshold) return (uint32_t)(p >> 32);
        }
    }
};

// 64-bit FNV-1a of the board's canonical text: "N M\n", then each row and "\n".
static uint64_t board_seed(int n, int m, const std::vector<char>& cells) {
    uint64_t h = 0xCBF29CE484222325ULL;
    auto eat = [&h](unsigned char b) { h = (h ^ b) * 0x00000100000001B3ULL; };
    std::string head = std::to_string(n) + " " + std::to_string(m) + "\n";
    for (char ch : head) eat((unsigned char)ch);
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < m; c++) eat((unsigned char)cells[(size_t)r * m + c]);
        eat('\n');
    }
    return h;
}

struct Game {
    int n = 0, m = 0, cells = 0;
    std::vector<char> board;          // '.' or '#'
    std::vector<int> adj;             // 4 slots per cell: free neighbours, up, left, right, down
    std::vector<unsigned char> deg;   // how many slots are used
    std::vector<int> mate;            // partner in the matching, -1 if none
    std::vector<char> active;         // in S
    std::vector<uint32_t> seen;
    uint32_t stamp = 0;
    std::vector<int> queue, parent, dist, iter, stack;
    int token = -1;
    int free_cells = 0, matched = 0;  // matched = the number of pairs
    TieRng rng{0};

    bool is_free(int id) const { return id >= 0 && id < cells && board[id] == '.'; }

    void next_stamp() {
        if (++stamp == 0) {
            std::fill(seen.begin(), seen.end(), 0u);
            stamp = 1;
        }
    }

    // The board (n·m cells of '.' and '#'), a maximum matching of all its free cells.
    void init(int n_, int m_, const std::vector<char>& b) {
        n = n_, m = m_, cells = n * m, board = b;
        adj.assign((size_t)cells * 4, -1);
        deg.assign(cells, 0);
        for (int id = 0; id < cells; id++) {
            if (board[id] != '.') continue;
            free_cells++;
            int r = id / m, c = id % m;
            int cand[4] = {r > 0 ? id - m : -1, c > 0 ? id - 1 : -1, c + 1 < m ? id + 1 : -1,
                           r + 1 < n ? id + m : -1};
            for (int k = 0; k < 4; k++)
                if (cand[k] >= 0 && board[cand[k]] == '.')
                    adj[(size_t)id * 4 + deg[id]++] = cand[k];
        }
        mate.assign(cells, -1);
        active.assign(cells, 0);
        for (int id = 0; id < cells; id++) active[id] = board[id] == '.';
        seen.assign(cells, 0);
        parent.assign(cells, -1);
        rng.state = board_seed(n, m, board);
        hopcroft_karp();
    }

    bool left(int id) const { return (id / m + id % m) % 2 == 0; }

    // Hopcroft-Karp (J. Hopcroft, R. Karp, SIAM J. Comput. 2, 1973), depth-first phases
    // written with an explicit stack.
    void hopcroft_karp() {
        const int INF = INT32_MAX;
        dist.assign(cells, INF);
        iter.assign(cells, 0);
        for (;;) {
            queue.clear();
            for (int u = 0; u < cells; u++) {
                dist[u] = INF;
                if (board[u] == '.' && left(u) && mate[u] < 0) dist[u] = 0, queue.push_back(u);
            }
            bool found = false;
            for (size_t h = 0; h < queue.size(); h++) {
                int u = queue[h];
                for (int k = 0; k < deg[u]; k++) {
                    int w = mate[adj[(size_t)u * 4 + k]];
                    if (w < 0) found = true;
                    else if (dist[w] == INF) dist[w] = dist[u] + 1, queue.push_back(w);
                }
            }
            if (!found) break;
            for (int u = 0; u < cells; u++) iter[u] = 0;
            for (int root = 0; root < cells; root++) {
                if (board[root] != '.' || !left(root) || mate[root] >= 0 || dist[root] != 0)
                    continue;
                stack.assign(1, root);
                while (!stack.empty()) {
                    int u = stack.back();
                    bool pushed = false, done = false;
                    while (iter[u] < deg[u]) {
                        int v = adj[(size_t)u * 4 + iter[u]];
                        int w = mate[v];
                        if (w < 0) {
                            for (int x : stack) {
                                int y = adj[(size_t)x * 4 + iter[x]];
                                mate[x] = y, mate[y] = x;
                            }
                            matched++;
                            done = true;
                            break;
                        }
                        if (dist[w] == dist[u] + 1) {
                            stack.push_back(w);
                            pushed = true;
                            break;
                        }
                        iter[u]++;
                    }
                    if (done) break;
                    if (!pushed) {
                        dist[u] = INF;
                        stack.pop_back();
                        if (!stack.empty()) iter[stack.back()]++;
                    }
                }
            }
        }
    }

    // Every start loses: the free cells have a perfect matching (also when there are none).
    bool every_start_loses() const { return 2 * matched == free_cells; }

    // Searches an augmenting path from the unmatched cell `w` of S and flips it.
    bool augment_from(int w) {
        next_stamp();
        queue.clear();
        queue.push_back(w);
        seen[w] = stamp;
        for (size_t h = 0; h < queue.size(); h++) {
            int x = queue[h];
            for (int k = 0; k < deg[x]; k++) {
                int y = adj[(size_t)x * 4 + k];
                if (!active[y] || seen[y] == stamp) continue;
                seen[y] = stamp;
                parent[y] = x;
                int z = mate[y];
                if (z < 0) {
                    for (;;) {
                        int px = parent[y], before = mate[px];
                        mate[px] = y, mate[y] = px;
                        if (px == w) break;
                        y = before;
                    }
                    matched++;
                    return true;
                }
                if (seen[z] != stamp) seen[z] = stamp, queue.push_back(z);
            }
        }
        return false;
    }

    // The cell `v` leaves S; the matching stays maximum.
    void deactivate(int v) {
        active[v] = 0;
        int w = mate[v];
        if (w < 0) return;
        mate[v] = mate[w] = -1;
        matched--;
        augment_from(w);
    }

    // A puts the token on the free cell `start`; B is to move.
    void start(int start_cell) {
        deactivate(start_cell);
        token = start_cell;
    }

    bool is_legal(int id) const {
        if (!is_free(id) || !active[id]) return false;
        for (int k = 0; k < deg[token]; k++)
            if (adj[(size_t)token * 4 + k] == id) return true;
        return false;
    }

    // Moves the token to the legal cell `id`.
    void play(int id) {
        deactivate(id);
        token = id;
    }

    // The first legal move from the token (up, left, right, down), -1 if none.
    int first_move() const {
        for (int k = 0; k < deg[token]; k++)
            if (active[adj[(size_t)token * 4 + k]]) return adj[(size_t)token * 4 + k];
        return -1;
    }

    // Whether the player to move wins: an augmenting path from the token exists.
    bool mover_wins() {
        next_stamp();
        queue.clear();
        queue.push_back(token);
        for (size_t h = 0; h < queue.size(); h++) {
            int x = queue[h];
            for (int k = 0; k < deg[x]; k++) {
                int y = adj[(size_t)x * 4 + k];
                if (!active[y] || seen[y] == stamp) continue;
                seen[y] = stamp;
                int w = mate[y];
                if (w < 0) return true;
                if (seen[w] != stamp) seen[w] = stamp, queue.push_back(w);
            }
        }
        return false;
    }

    // Whether the cell x of S is left uncovered by some maximum matching of S without `ban`
    // (-1: none; when given, `ban` is covered by every maximum matching of S): an even
    // alternating path from x to an unmatched cell of x's side.
    bool escapes(int x, int ban) {
        next_stamp();
        auto mate_of = [&](int v) { int w = mate[v]; return w == ban ? -1 : w; };
        if (mate_of(x) < 0) return true;
        queue.clear();
        queue.push_back(x);
        seen[x] = stamp;
        for (size_t h = 0; h < queue.size(); h++) {
            int b = mate_of(queue[h]);
            for (int k = 0; k < deg[b]; k++) {
                int c = adj[(size_t)b * 4 + k];
                if (c == ban || !active[c] || seen[c] == stamp) continue;
                seen[c] = stamp;
                if (mate_of(c) < 0) return true;
                queue.push_back(c);
            }
        }
        return false;
    }

    struct Score {
        uint64_t replies, losing, greedy, greedy_losing;
    };

    // -1, 0 or 1 as a is worse than, as good as or better than b for B.
    static int compare(const Score& a, const Score& b) {
        uint64_t x = a.losing * b.replies, y = b.losing * a.replies;
        if (x != y) return x < y ? -1 : 1;
        x = a.greedy_losing * b.greedy, y = b.greedy_losing * a.greedy;
        if (x != y) return x < y ? -1 : 1;
        return 0;
    }

    // The score of B's losing candidate u: A's replies, the losing ones, and the same among
    // the replies with the fewest onward moves.
    Score score(int u) {
        int replies[4], onward[4], k_replies = 0;
        for (int k = 0; k < deg[u]; k++) {
            int v = adj[(size_t)u * 4 + k];
            if (!active[v]) continue;
            int count = 0;
            for (int j = 0; j < deg[v]; j++) {
                int w = adj[(size_t)v * 4 + j];
                if (w != u && active[w]) count++;
            }
            replies[k_replies] = v, onward[k_replies] = count, k_replies++;
        }
        int fewest = 0;
        for (int i = 0; i < k_replies; i++)
            if (i == 0 || onward[i] < fewest) fewest = onward[i];
        Score s{(uint64_t)k_replies, 0, 0, 0};
        for (int i = 0; i < k_replies; i++) s.greedy += onward[i] == fewest;
        for (int i = 0; i < k_replies; i++) {
            if (!escapes(replies[i], u)) {
                s.losing++;
                s.greedy_losing += onward[i] == fewest;
            }
        }
        return s;
    }

    // B's move from the current position, not yet played; -1 when B has no move.
    int choose() {
        int cands[4], k_cands = 0;
        for (int k = 0; k < deg[token]; k++) {
            int v = adj[(size_t)token * 4 + k];
            if (active[v]) cands[k_cands++] = v;
        }
        if (k_cands == 0) return -1;
        if (mover_wins()) {
            for (int i = 0; i < k_cands; i++)
                if (escapes(cands[i], -1)) return cands[i];
            return cands[0];  // unreachable by the theory; a legal fallback
        }
        int best[4], k_best = 0;
        Score best_score{0, 0, 0, 0};
        for (int i = 0; i < k_cands; i++) {
            Score s = score(cands[i]);
            int cmp = k_best == 0 ? 1 : compare(s, best_score);
            if (cmp > 0) best_score = s, k_best = 0;
            if (cmp >= 0) best[k_best++] = cands[i];
        }
        int pick = k_best > 1 ? (int)rng.below((uint32_t)k_best) : 0;
        return best[pick];
    }
};
// ---- END STRATEGY ----

// ---- I/O through testlib ----

static std::string read_error;  // why the contestant's output could not be read, if so

[[noreturn]] static void judge_error(const std::string& why) {
    quitf(_fail, "duel interactor: %s", why.c_str());
}

[[noreturn]] static void accept(const std::string& m) {
    tout << "OK " << m << std::endl;
    quitf(_ok, "%s", m.c_str());
}

[[noreturn]] static void reject(const std::string& m) {
    tout << "WA " << m << std::endl;
    quitf(_wa, "%s", m.c_str());
}

// Writes one message and flushes; a contestant that left is noticed at the next read.
static void send(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

// The next byte of the contestant's output (ouf); false at its end. testlib's reader gives
// EOFC both at the end and for a byte 0xFF: stdin's end-of-file flag tells them apart (ouf
// reads stdin directly, and nothing here pushes a byte back).
static bool next_byte(char& b) {
    b = ouf.readChar();
    if (b == (char)EOFC && (std::feof(stdin) || std::ferror(stdin))) {
        if (std::ferror(stdin)) read_error = std::strerror(errno);
        return false;
    }
    return true;
}

// What the contestant wrote after its last message: its next byte, or nothing at its end
// (one byte only: reading more could wait for a contestant that never exits).
static std::string bytes_after_end() {
    char b;
    return next_byte(b) ? std::string(1, b) : std::string();
}

// The board: N M, then N rows of M cells '.' or '#' (inf; testlib makes a bad one FAIL).
static void read_board(int& n, int& m, std::vector<char>& cells) {
    n = inf.readInt(1, 65536, "N");
    m = inf.readInt(1, 65536, "M");
    if ((int64_t)n * m > (1 << 24)) judge_error("the board has more than 2^24 cells");
    cells.assign((size_t)n * m, '#');
    for (int r = 0; r < n; r++) {
        std::string row = inf.readToken();
        if ((int)row.size() != m || row.find_first_not_of(".#") != std::string::npos)
            judge_error("row " + std::to_string(r + 1) + " of the board is not " +
                        std::to_string(m) + " cells of '.' and '#'");
        std::copy(row.begin(), row.end(), cells.begin() + (size_t)r * m);
    }
    if (!inf.seekEof()) judge_error("the board has more than " + std::to_string(n) + " rows");
}

// ---- BEGIN PROTOCOL (identical in kattis/interactor.cpp and testlib/interactor.cpp) ----
// The exchange (problems/duel/statement; src/problems/duel/protocol.rs is the reference).
// The contestant's messages: `LOSE`, `START r c`, `r c`, `0 0`, one per line ended by '\n',
// single spaces, numbers without sign or leading zero. Anything else is a wrong answer, read
// with a bounded buffer (a hostile stream costs O(MAX_LINE) memory).

static const size_t MAX_LINE = 32;

// Bytes as a quoted string, escaped as Rust's escape_ascii (at most 40 bytes shown).
static std::string show(const std::string& bytes) {
    std::string s = "\"";
    for (size_t i = 0; i < bytes.size() && i < 40; i++) {
        unsigned char b = (unsigned char)bytes[i];
        char hex[8];
        if (b == '\t') s += "\\t";
        else if (b == '\r') s += "\\r";
        else if (b == '\n') s += "\\n";
        else if (b == '\\') s += "\\\\";
        else if (b == '\'') s += "\\'";
        else if (b == '"') s += "\\\"";
        else if (b >= 0x20 && b < 0x7f) s += (char)b;
        else std::snprintf(hex, sizeof hex, "\\x%02x", b), s += hex;
    }
    if (bytes.size() > 40) s += "...";
    return s + "\"";
}

enum LineKind { TEXT, END, BAD };

// One line of at most MAX_LINE bytes (without its '\n'); on BAD, `line` is the reason.
static LineKind read_line(std::string& line) {
    line.clear();
    for (;;) {
        char b;
        if (!next_byte(b)) {
            if (!read_error.empty()) {
                line = "the contestant's output could not be read: " + read_error;
                return BAD;
            }
            if (line.empty()) return END;
            line = "the output ended inside the line " + show(line) +
                   ": every message ends with a line end";
            return BAD;
        }
        if (b == '\n') return TEXT;
        line += b;
        if (line.size() > MAX_LINE) {
            line = "a line longer than " + std::to_string(MAX_LINE) + " bytes, starting " +
                   show(line.substr(0, 16));
            return BAD;
        }
    }
}

// A decimal number: digits only, no leading zero, at most 9 digits.
static bool number(const std::string& tok, long& v) {
    if (tok.empty() || tok.size() > 9) return false;
    if (tok.find_first_not_of("0123456789") != std::string::npos) return false;
    if (tok[0] == '0' && tok.size() > 1) return false;
    v = std::atol(tok.c_str());
    return true;
}

// "r c": exactly two numbers separated by one space.
static bool pair(const std::string& text, long& r, long& c) {
    size_t sp = text.find(' ');
    if (sp == std::string::npos) return false;
    return number(text.substr(0, sp), r) && number(text.substr(sp + 1), c);
}

[[noreturn]] static void wa_line(long no, const std::string& what) {
    reject("line " + std::to_string(no) + " of your output: " + what);
}

// The contestant won or was right: nothing may follow its last message.
[[noreturn]] static void finish(long last_line, const std::string& message) {
    std::string rest = bytes_after_end();
    if (!rest.empty())
        reject("output after the end of the game (after line " + std::to_string(last_line) +
               "): " + show(rest));
    if (!read_error.empty()) reject("the contestant's output could not be read: " + read_error);
    accept(message);
}

static std::string cell_text(const Game& g, int id) {
    return std::to_string(id / g.m + 1) + " " + std::to_string(id % g.m + 1);
}

// One exchange on the board (n rows of m cells '.'/'#'); says_lose: the jury answer's claim
// (1 LOSE, 0 WIN, -1 not given), a judge error when it disagrees with the board.
[[noreturn]] static void run(int n, int m, const std::vector<char>& cells, int says_lose) {
    Game game;
    game.init(n, m, cells);
    if (says_lose >= 0 && game.every_start_loses() != (says_lose == 1))
        judge_error(std::string("the jury answer says ") + (says_lose ? "LOSE" : "WIN") +
                    " but the board's graph " +
                    (game.every_start_loses() ? "has a" : "has no") + " perfect matching");
    std::string board = std::to_string(n) + " " + std::to_string(m) + "\n";
    for (int r = 0; r < n; r++) {
        board.append(cells.begin() + (size_t)r * m, cells.begin() + (size_t)(r + 1) * m);
        board += '\n';
    }
    send(board);

    long line_no = 0, no = ++line_no, r = 0, c = 0;
    std::string text;
    LineKind kind = read_line(text);
    if (kind == END) reject("your output ended before LOSE or START r c");
    if (kind == BAD) wa_line(no, text);
    if (text == "LOSE") {
        if (!game.every_start_loses())
            wa_line(no, "LOSE is wrong: some start cell wins for A (the board's graph has no "
                        "perfect matching)");
        finish(no, "LOSE is right: every start loses");
    }
    if (text.compare(0, 6, "START ") != 0)
        wa_line(no, "expected LOSE or START r c, found " + show(text));
    if (!pair(text.substr(6), r, c))
        wa_line(no, "expected START r c (two numbers without leading zeros, single spaces), "
                    "found " + show(text));
    std::string rc = std::to_string(r) + " " + std::to_string(c);
    if (r < 1 || r > n || c < 1 || c > m)
        wa_line(no, "START " + rc + " is outside the " + std::to_string(n) + "x" +
                        std::to_string(m) + " board");
    int start = (int)((r - 1) * m + (c - 1));
    if (!game.is_free(start)) wa_line(no, "START " + rc + " is a blocked cell");
    game.start(start);
    long moves = 0;
    for (;;) {
        int b = game.choose();
        if (b < 0) {
            send("0 0\n");
            finish(line_no, "A won: B has no move after " + std::to_string(moves) +
                                " moves of the game");
        }
        game.play(b);
        moves++;
        send(cell_text(game, b) + "\n");
        no = ++line_no;
        kind = read_line(text);
        if (kind == END)
            wa_line(no, "your output ended before your move (r c, or 0 0 without a move)");
        if (kind == BAD) wa_line(no, text);
        if (!pair(text, r, c))
            wa_line(no, "expected a move r c (two numbers without leading zeros, single "
                        "spaces), found " + show(text));
        if (r == 0 && c == 0) {
            int left = game.first_move();
            if (left < 0)
                wa_line(no, "you lost: A has no move after " + std::to_string(moves) +
                                " moves of the game");
            wa_line(no, "0 0 although A can still move (to " + cell_text(game, left) +
                            ", for one)");
        }
        rc = std::to_string(r) + " " + std::to_string(c);
        int to = r >= 1 && r <= n && c >= 1 && c <= m ? (int)((r - 1) * m + (c - 1)) : -1;
        if (to < 0 || !game.is_legal(to))
            wa_line(no, "illegal move " + rc + ": the token is on " + cell_text(game, game.token) +
                            " and may only go to a free, unvisited cell beside it");
        game.play(to);
        moves++;
    }
}
// ---- END PROTOCOL ----

int main(int argc, char** argv) {
    registerInteraction(argc, argv);
    std::signal(SIGPIPE, SIG_IGN);  // a contestant that exited must not kill the interactor
    int n = 0, m = 0;
    std::vector<char> cells;
    read_board(n, m, cells);
    run(n, m, cells, -1);
}
