// Package grpcdeadline defines an analyzer that reports gRPC calls and dials
// that can wait forever.
//
// # Analyzer grpcdeadline
//
// grpcdeadline: check that grpc calls and blocking dials have a deadline
//
// TODO
package grpcdeadline
