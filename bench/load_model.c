/* The reference-API load rows of scripts/bench.sh: a C program written against the reference libaem
 * API (janhsimon/aem 5ff9e7f) that times aem_load_model the way its users call it. The same source
 * builds against our library (target load_model) and, outside the tree, against the reference's
 * (docs/performance.md, "Peers and inputs"), so both sides run the same loop.
 *
 *   load_model RUNS FILE
 *
 * RUNS times aem_load_model, aem_finish_loading_model, aem_free_model, in thread CPU time (the
 * kernel's copy and page faults count, other processes do not). Prints one JSON line: the median
 * and lowest time of the load alone, and the median of the load with its finish, which is what a
 * program pays before the model is ready (the reference closes the file in finish, not in the load).
 * Exit 1 when a load fails. */
#include <aem/aem.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double thread_cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void* a, const void* b) {
  const double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

int main(int argc, char** argv) {
  const int runs = argc == 3 ? atoi(argv[1]) : 0;
  if (runs < 1) {
    fprintf(stderr, "usage: load_model RUNS FILE\n");
    return 2;
  }
  double* load = malloc(sizeof(double) * (size_t)runs);
  double* ready = malloc(sizeof(double) * (size_t)runs);
  if (!load || !ready) return 1;
  int status = 0;
  for (int r = 0; r < runs && status == 0; ++r) {
    struct AEMModel* model = NULL;
    const double start = thread_cpu_seconds();
    const enum AEMResult result = aem_load_model(argv[2], &model);
    const double loaded = thread_cpu_seconds();
    if (result != AEMResult_Success) {
      fprintf(stderr, "load_model: %s does not load (result %d)\n", argv[2], (int)result);
      status = 1;
      break;
    }
    aem_finish_loading_model(model);
    ready[r] = thread_cpu_seconds() - start;
    load[r] = loaded - start;
    aem_free_model(model);
  }
  if (status == 0) {
    qsort(load, (size_t)runs, sizeof(double), by_value);
    qsort(ready, (size_t)runs, sizeof(double), by_value);
    printf("{\"runs\": %d, \"load_median_s\": %.9g, \"load_min_s\": %.9g, \"load_finish_median_s\": %.9g}\n", runs,
           load[runs / 2], load[0], ready[runs / 2]);
  }
  free(load);
  free(ready);
  return status;
}
