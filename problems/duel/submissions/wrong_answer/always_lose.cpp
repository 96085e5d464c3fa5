// duel: always claims that no start cell wins. Expected: WRONG ANSWER on every board whose
// graph has no perfect matching (most of them); right only when every start loses.
#include <iostream>
int main() { std::cout << "LOSE" << std::endl; }
