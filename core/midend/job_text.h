// job_text.h — a job's request and its result as text (core/base/record.h):
// how a job crosses to another instance of the engine and back. The page
// sends the Session's job to its worker as the request's text, the worker
// runs it (run_job_text) and answers the result's text, and the page reads
// it back into the JobResult the Session takes: the page has no copy of
// either type, and a text that does not read is refused naming its line.
//
// A request's text holds every field of JobRequest (its game by id, its
// parameters as a link writes them). A result's holds what the job found:
// a level made as its text, a pack's levels, a search's best, a solution,
// every solution, an analysis with its figures and state graph, a count.
// What the request already says is not repeated: a result read back reads
// the request's level text again (its position replayed from the request's
// moves), and its difficulty is its level's rating of the analysis read
// (a function of it alone).
#pragma once
#include "job.h"

namespace tl {

// The formats' versions: a text of a newer version is refused, saying so.
constexpr int kJobTextVersion = 1;

void write_job_request(const JobRequest& request, Text* out);
// False (err naming the line or the field) when the text is no request, names
// an unknown game or kind, or a parameter or value that does not read.
bool read_job_request(const char* text, size_t len, JobRequest* out, Error* err);

void write_job_result(const JobRequest& request, const JobResult& result, Text* out);
// The result of `request` read back; false (err naming what) when it does not read.
bool read_job_result(const JobRequest& request, const char* text, size_t len, JobResult* out, Error* err);

// A result that says the job failed, and why (a worker that could not run it).
void write_failed_job(JobKind kind, const char* why, Text* out);

// The worker's side: a request's text run as a job to its end, its
// result's text written (a request that does not read is answered as a
// failed job of bad input, saying why). `progress`, when given, is called
// as the job's searches and packs go; `team`, when given, is the host's
// second thread for the job's search (Job::team: the same answer).
void run_job_text(const char* request, size_t len, void (*progress)(void* context, uint32_t done, uint32_t total),
                  void* context, Text* out, SearchTeam* team = nullptr);

}  // namespace tl
