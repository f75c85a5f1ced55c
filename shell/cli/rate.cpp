// tilelab rate: each level's difficulty with the reasons it sums, and how
// well the figure's order agrees with the order the levels were given in
// (a designer's order: a folder's files by name, numbers as numbers).
#include <math.h>
#include <stdio.h>

#include <algorithm>

#include "cli.h"
#include "core/report/json.h"

namespace cli {

namespace {

// Each value's rank from 1, equal values sharing the mean of their ranks.
std::vector<double> ranks(const std::vector<double>& v) {
  std::vector<size_t> order(v.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return v[a] < v[b]; });
  std::vector<double> r(v.size());
  for (size_t i = 0; i < order.size();) {
    size_t j = i;
    while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
    for (size_t k = i; k <= j; ++k) r[order[k]] = (double)(i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

}  // namespace

double spearman(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size() || a.size() < 2) return 0;
  const std::vector<double> ra = ranks(a), rb = ranks(b);
  const double n = (double)a.size(), mean = (n + 1) / 2;
  double ab = 0, aa = 0, bb = 0;
  for (size_t i = 0; i < ra.size(); ++i) {
    ab += (ra[i] - mean) * (rb[i] - mean);
    aa += (ra[i] - mean) * (ra[i] - mean);
    bb += (rb[i] - mean) * (rb[i] - mean);
  }
  return aa == 0 || bb == 0 ? 0 : ab / sqrt(aa * bb);
}

int run_rate(const std::vector<std::string>& names, const std::vector<std::unique_ptr<tl::Level>>& levels,
             bool against_order, double at_least, bool json) {
  std::vector<double> given, figure;
  int worst = kOk;
  for (size_t i = 0; i < levels.size(); ++i) {
    int difficulty = -1;
    report::Answer answer = report::rate(*levels[i], names[i], &difficulty);
    if (json) printf("%s\n", answer.json.c_str());
    else fputs(answer.text.c_str(), stdout);
    if (difficulty < 0) {
      worst = kNo;
      continue;
    }
    given.push_back((double)given.size());
    figure.push_back(difficulty);
  }
  const size_t unrated = levels.size() - given.size();
  if (!against_order) return worst;
  const double rho = spearman(given, figure);
  if (json) {
    printf("%s\n", json::Object()
                       .add("total", true)
                       .add("levels", (uint64_t)levels.size())
                       .add("rated", (uint64_t)given.size())
                       .add("spearman", rho)
                       .str()
                       .c_str());
  } else {
    printf("agreement with the order given: Spearman's rho %.3f over %zu levels", rho, given.size());
    if (unrated) printf(" (%zu without a difficulty left out)", unrated);
    printf("\n");
  }
  if (given.size() < 2) {
    fprintf(stderr, "tilelab: rate --against-order needs two levels with a difficulty or more\n");
    return kNo;
  }
  if (at_least > -2 && rho < at_least) {
    fprintf(stderr, "tilelab: the agreement %.3f is below --at-least %.3f\n", rho, at_least);
    return kNo;
  }
  return worst;
}

}  // namespace cli
