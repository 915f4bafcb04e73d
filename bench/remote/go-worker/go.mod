module claimq.local/bench/go-worker

go 1.19

require github.com/claimq/claimq/clients/go v0.0.0

replace github.com/claimq/claimq/clients/go => ../../../clients/go
