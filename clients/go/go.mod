module github.com/claimq/claimq/clients/go

go 1.19
